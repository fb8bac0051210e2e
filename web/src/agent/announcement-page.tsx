import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../api/trpc.ts';
import { useSettings } from '../app/settings-context.tsx';
import { AnnouncementList } from '../announcements/announcement-list.tsx';

/** agentAnnouncement (docs/0112, AGENTANNOUNCE3): the merchant's announcements with those for agents only, nine a page. */
export function AgentAnnouncementPage() {
  const { t } = useTranslation();
  const { language } = useSettings();
  const trpc = useTRPC();
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery(trpc.announcements.agentList.queryOptions({ pageNo, language }, { staleTime: 30_000 }));
  return (
    <div className="agent-content money" data-testid="agent-announcements.page">
      <AnnouncementList
        testId="agent-announcements"
        heading="h1"
        title={t('agent_agentAnnouncement')}
        data={list.data}
        isFetching={list.isFetching}
        error={list.error}
        pageNo={pageNo}
        onPage={setPageNo}
      />
    </div>
  );
}
