import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../api/trpc.ts';
import { useSettings } from '../app/settings-context.tsx';
import { AnnouncementList } from '../announcements/announcement-list.tsx';
import { useAreaTexts } from '../i18n/area-texts.ts';
import '../styles/money.css';

/** The member centre's announcement list (docs/0112): the merchant's announcements, nine a page, in the page's language. */
export default function AnnouncementsPage() {
  const ready = useAreaTexts('records');
  const { t } = useTranslation();
  const { language } = useSettings();
  const trpc = useTRPC();
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery(trpc.announcements.list.queryOptions({ pageNo, language }, { staleTime: 30_000 }));
  if (!ready) return <div className="page-loading" aria-busy="true" data-testid="announcements.loading" />;
  return (
    <div className="member-content money" data-testid="announcements.page">
      <AnnouncementList
        testId="announcements"
        title={t('ann_title')}
        data={list.data}
        isFetching={list.isFetching}
        error={list.error}
        pageNo={pageNo}
        onPage={setPageNo}
      />
    </div>
  );
}
