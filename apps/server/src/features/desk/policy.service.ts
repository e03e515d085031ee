import { eq } from 'drizzle-orm';
import {
  BUCKET_KEYS,
  DEFAULT_TARGET_RATIOS,
  type BucketKey,
  type CurrencyCode,
  type Policy,
  type policyInputSchema,
} from '@tp/shared';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import { invalidField } from '../../plugins/errors';
import { amount } from '../trading';
import { deskContext } from './desk-context';
import { rateText } from './desk-math';
import { deskPolicies } from './desk.tables';

/** The hedging policy: target ratios per bucket, budget rates, alert switches (docs/desk.md#6-the-hedge-view). */

export const DEFAULT_POLICY: Policy = {
  targetRatios: { ...DEFAULT_TARGET_RATIOS },
  budgetRates: {},
  alerts: { invoiceDue: true, forwardMaturity: true, budgetRate: true },
  updatedAt: null,
};

export async function getPolicy(executor: DbExecutor, userId: string): Promise<Policy> {
  const [row] = await executor.select().from(deskPolicies).where(eq(deskPolicies.userId, userId));
  if (!row) return DEFAULT_POLICY;
  return {
    targetRatios: row.targetRatios,
    budgetRates: row.budgetRates,
    alerts: row.alerts,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function putPolicy(
  deps: Deps,
  userId: string,
  input: z.output<typeof policyInputSchema>,
): Promise<Policy> {
  const context = await deskContext(deps, userId);
  const budgetRates: Partial<Record<CurrencyCode, string>> = {};
  for (const [code, value] of Object.entries(input.budgetRates) as [CurrencyCode, string][]) {
    if (code === context.homeCurrency) continue;
    if (amount(value).lte(0)) throw invalidField(`budgetRates.${code}`, 'must be greater than 0');
    budgetRates[code] = rateText(amount(value));
  }
  const targetRatios = Object.fromEntries(
    BUCKET_KEYS.map((key) => [key, amount(input.targetRatios[key]).toFixed()]),
  ) as Record<BucketKey, string>;
  const values = { targetRatios, budgetRates, alerts: input.alerts, updatedAt: new Date(context.nowMs) };
  await deps.db
    .insert(deskPolicies)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: deskPolicies.userId, set: values });
  return getPolicy(deps.db, userId);
}
