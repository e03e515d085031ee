/**
 * Every table, gathered for Drizzle's typed client. Each lives beside its feature or plugin in a
 * `*.tables.ts` file (drizzle-kit reads those directly); the API contract lives in packages/shared.
 */
export * from '../features/users/users.tables';
export * from '../features/auth/auth.tables';
export * from '../plugins/tokens/tokens.tables';
export * from '../plugins/rate-limit/rate-limit.tables';
export * from '../plugins/mail/mail.tables';
export * from '../features/contact-us/contact-us.tables';
export * from '../features/newsletter/newsletter.tables';
export * from '../features/activity/activity.tables';
export * from '../features/trading/trading.tables';
export * from '../features/content/content.tables';
export * from '../features/user-preferences/user-preferences.tables';
export * from '../features/license/license.tables';
export * from '../features/campaigns/campaigns.tables';
export * from '../features/desk/desk.tables';
