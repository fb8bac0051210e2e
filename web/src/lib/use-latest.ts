import { useEffect, useRef } from 'react';

/**
 * The value of the latest render, for what is made once and runs later (a machine's actors and
 * actions, made in a useMemo): they read `.current` when they run.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
