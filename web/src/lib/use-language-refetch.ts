import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/**
 * Refetches a query that takes no language input when the language changes: its answer carries
 * names in the language of the request (the VIP level's name, docs/0091). Not on the first render.
 */
export function useRefetchOnLanguage(queryKey: QueryKey): void {
  const { i18n } = useTranslation();
  const qc = useQueryClient();
  const seen = useRef(i18n.language);
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (seen.current === i18n.language) return;
    seen.current = i18n.language;
    void qc.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
  }, [i18n.language, qc, key]);
}
