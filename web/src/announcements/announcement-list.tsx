import { useTranslation } from 'react-i18next';
import { Megaphone } from 'lucide-react';
import type { TAnnouncementPage } from '@wl/schemas/wps/announcement-calls';
import { FormError } from '../accounts/form-parts.tsx';
import { errorKey } from '../api/trpc.ts';
import { pageCount } from '../layout/record-pager.tsx';
import { localDateTime } from '../lib/numbers-later.ts';
import { NumberedPager } from './numbered-pager.tsx';
import '../styles/announcements.css';

/**
 * An announcement list (docs/0112): each announcement's title, time and text in the page's
 * language, newest first, nine a page, the numbered pager below. Shared by the member centre's page
 * and the agent centre's agentAnnouncement, which marks those for agents only. Its texts are the
 * records area's; the page loads them.
 */
export function AnnouncementList({
  testId,
  title,
  data,
  isFetching,
  error,
  pageNo,
  onPage,
  heading = 'h2',
}: {
  testId: string;
  /** The list's title level: h1 where it is the page (the agent centre), h2 under the member centre's; each announcement one below. */
  heading?: 'h1' | 'h2';
  title: string;
  data: TAnnouncementPage | undefined;
  isFetching: boolean;
  error: unknown;
  pageNo: number;
  onPage: (pageNo: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const Title = heading;
  const Item = heading === 'h1' ? 'h2' : 'h3';
  const onPageTop = (page: number) => {
    onPage(page);
    // The list starts at its top again, as a new page of a book does.
    document.getElementById(`${testId}-title`)?.scrollIntoView({ block: 'start' });
  };
  return (
    <section className="card announcements" aria-labelledby={`${testId}-title`} aria-busy={isFetching} data-testid={testId}>
      <Title id={`${testId}-title`} className="announcements__title">
        <Megaphone size={20} aria-hidden="true" />
        {title}
      </Title>
      <FormError message={error ? errorKey(error) : null} />
      {data && data.total === 0 && (
        <p className="no-data" data-testid={`${testId}.empty`}>
          {t('ann_none')}
        </p>
      )}
      <ol className="announcements__list" data-testid={`${testId}.rows`} data-page={data?.pageNo}>
        {data?.rows.map((a) => (
          <li key={a.id} className="announcements__item" data-testid={`${testId}.row`} data-id={a.id}>
            <Item className="announcements__name" translate="no" data-testid={`${testId}.name`}>
              {a.title}
            </Item>
            <p className="announcements__meta">
              <time dateTime={a.time}>{localDateTime(a.time, i18n.language)}</time>
              {a.agentsOnly && (
                <span className="announcements__tag" data-testid={`${testId}.agents-only`}>
                  {t('ann_agents_only')}
                </span>
              )}
            </p>
            <p className="announcements__text" translate="no">
              {a.content}
            </p>
          </li>
        ))}
      </ol>
      {data && <NumberedPager pageNo={pageNo} pages={pageCount(data.total, data.pageSize)} onPage={onPageTop} testId={testId} />}
    </section>
  );
}
