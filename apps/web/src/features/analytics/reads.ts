import { performanceQuery, riskQuery } from '@/features/trading/reads';
import { analyticsQuery } from './api/get-analytics';

/**
 * The reads /analytics shows first, asked for together as its route matches: light modules only,
 * so they load before the screens (docs/decisions/0055).
 */
export const firstReads = () => [analyticsQuery(), performanceQuery(), riskQuery()];
