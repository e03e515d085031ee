import { useEffect, useState } from 'react';
import { CHAT } from '@tp/shared';
import { supportAvailability, type SupportAvailability } from './chat-hours';

/** Availability by the browser clock, rechecked every minute (docs/product/shell.md#support-hours). */
export function useSupportAvailability(): SupportAvailability {
  const [availability, setAvailability] = useState(() => supportAvailability(new Date()));
  useEffect(() => {
    const timer = setInterval(() => {
      const next = supportAvailability(new Date());
      setAvailability((current) => (current.message === next.message ? current : next));
    }, CHAT.checkEveryMs);
    return () => clearInterval(timer);
  }, []);
  return availability;
}
