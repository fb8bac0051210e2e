/**
 * The agent centre's pages built in this release, each at /agentHome/<page> (the composer links
 * them, gateway/src/composer/built-routes.json). The router serves `/agentHome/:page?` and the agent
 * chunk checks the page against this list, so it is not in the first load (docs/0112).
 */
export const AGENT_HOME_PAGES = [
  // docs/0112.
  'agentAnnouncement',
  'agentTeamOverview',
  'downlineManagmentView',
  // registerCenter and the team reports (docs/0051).
  'registerCenter',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentDownlineTransactionDetailsCopy',
  // Contracts and income (docs/0049).
  'agentRealtimeSalary',
  'agentHourSalary',
  'agentDailyWages2',
  'agentDividendRecordCopy2',
  'agentRevenueReport',
] as const;

/** An agent centre page built in this release. */
export type TBuiltAgentPage = (typeof AGENT_HOME_PAGES)[number];

/** Whether an address's page is one of the agent centre's built pages. */
export const isBuiltAgentPage = (page: string): page is TBuiltAgentPage => (AGENT_HOME_PAGES as readonly string[]).includes(page);
