/** Whole seconds left until `until` (epoch ms), ticking once a second; 0 when passed. */
import { useEffect, useState } from 'react';
import { platform } from '../platform/platform';

const secondsLeft = (until: number) => Math.max(0, Math.ceil((until - platform.now()) / 1000));

export function useCountdown(until: number): number {
  const [left, setLeft] = useState(() => secondsLeft(until));
  useEffect(() => {
    setLeft(secondsLeft(until));
    let cancel = () => undefined as void;
    const tick = () => {
      const next = secondsLeft(until);
      setLeft(next);
      if (next > 0) cancel = platform.setTimeout(tick, 1000);
    };
    cancel = platform.setTimeout(tick, 1000);
    return () => cancel();
  }, [until]);
  return left;
}
