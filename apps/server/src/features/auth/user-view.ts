import { canonicalTimeZone, isProfileComplete, type User } from '@tp/shared';
import type { UserRow } from '../users/users.tables';

/**
 * The API's view of a user row: phone, company, position also nested under profile
 * (docs/product/sign-in.md#profile-rules).
 */
export function toUserView(
  row: UserRow,
  counts: { contentCount: number; viewCount: number } = { contentCount: 0, viewCount: 0 },
): User {
  const verified = row.emailVerifiedAt !== null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    company: row.company,
    position: row.position,
    plan: row.plan,
    role: row.role,
    // by its current IANA name, also when stored by an old one (docs/decisions/0037)
    timezone: canonicalTimeZone(row.timezone) ?? row.timezone,
    createdAt: row.createdAt.toISOString(),
    profileComplete: isProfileComplete(row),
    isEmailVerified: verified,
    emailVerified: verified,
    contentCount: counts.contentCount,
    viewCount: counts.viewCount,
    profile: { phone: row.phone, company: row.company, position: row.position },
  };
}
