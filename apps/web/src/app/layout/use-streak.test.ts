import { describe, expect, it } from 'vitest';
import { updateStreak } from './use-streak';

describe('browser streak', () => {
  it('starts at 1, rises on consecutive days, holds within a day and resets after a gap', () => {
    const day = (d: number) => new Date(2026, 10, d, 9, 30);
    expect(updateStreak(localStorage, day(1))).toBe(1);
    expect(updateStreak(localStorage, day(1))).toBe(1);
    expect(updateStreak(localStorage, day(2))).toBe(2);
    expect(updateStreak(localStorage, day(3))).toBe(3);
    expect(updateStreak(localStorage, day(5))).toBe(1);
    expect(localStorage.getItem('tp.lastLogin')).toBe(day(5).toISOString());
  });
});
