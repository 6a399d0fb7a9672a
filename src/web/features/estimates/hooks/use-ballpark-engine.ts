import { useCallback, useEffect, useState } from 'react';

type Engine = typeof import('@domain/estimates/ballpark-engine');
export type BallparkResult = ReturnType<Engine['computeBallpark']>;

/** Loads the pricing engine (model + price zones) as its own chunk, only on this page. */
export function useEngine() {
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    import('@domain/estimates/ballpark-engine').then(setEngine, () => setFailed(true));
  }, []);
  useEffect(load, [load]);
  return { engine, failed, retry: load };
}
