import { useState } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { usePeriod } from './period-picker.tsx';

/** Rows a report page shows (docs/0031). */
export const REPORT_PAGE_SIZE = 20;

/** What every agent report call may take; each report picks the parts its input has. */
export type TReportBase = {
  /** The period as ISO instants. */
  period: { from: string; to: string };
  /** The agent's offset, for reports bucketed by local day. */
  tz: { tzOffsetMinutes: number };
  paging: { pageNo: number; pageSize: number };
};

type TSpec<TIn, TOut, TError, TKey extends QueryKey> = {
  /** The call's input from the period and paging (and the page's own filters, by closure). */
  input: (base: TReportBase) => TIn;
  /** `(input, opts) => trpc.agent.<report>.queryOptions(input, opts)`. */
  queryOptions: (input: TIn, opts: { enabled: boolean; staleTime: number }) => UseQueryOptions<TOut, TError, TOut, TKey>;
  /** `(input) => client.agent.<report>.query(input)`, for the export; none when the report exports what it shows. */
  fetch?: (input: TIn) => Promise<TOut>;
  /** false for a list without a period (the downlines). */
  periods?: boolean;
  /** Whether the call may run yet, besides the period being valid. */
  enabled?: boolean;
};

/**
 * One agent report (docs/0046, docs/0049, docs/0051): its period, its page, its tRPC query, and the
 * pages an export reads. A page number belongs to one filter: any other input starts again at page 1.
 */
export function useAgentReport<TIn, TOut, TError, TKey extends QueryKey>(spec: TSpec<TIn, TOut, TError, TKey>) {
  const p = usePeriod();
  const [paged, setPaged] = useState({ filter: '', pageNo: 1 });
  const base = (pageNo: number, pageSize: number): TReportBase => ({
    period: { from: p.range.from.toISOString(), to: p.range.to.toISOString() },
    tz: { tzOffsetMinutes: -new Date().getTimezoneOffset() },
    paging: { pageNo, pageSize },
  });
  const filter = JSON.stringify(spec.input(base(0, 0)));
  const pageNo = paged.filter === filter ? paged.pageNo : 1;
  const setPageNo = (n: number) => setPaged({ filter, pageNo: n });
  const rangeProblem = spec.periods === false ? null : p.problem;
  const enabled = rangeProblem === null && spec.enabled !== false;
  const query = useQuery(spec.queryOptions(spec.input(base(pageNo, REPORT_PAGE_SIZE)), { enabled, staleTime: 0 }));
  const fetch = spec.fetch;
  return {
    period: p,
    rangeProblem,
    pageNo,
    setPageNo,
    query,
    data: query.data,
    /** One page of `size` rows of the same filter, for the export. */
    fetchPage: (page: number, size: number): Promise<TOut> => (fetch ? fetch(spec.input(base(page, size))) : Promise.reject(new Error('no export'))),
  };
}
