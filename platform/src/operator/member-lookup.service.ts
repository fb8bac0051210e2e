import { sql } from 'kysely';
import { EMERGENCY_MESSAGES, WPS_CODES, type TMemberLookup } from '@wl/schemas';
import { roleAllows } from '../access/permissions.ts';
import { recordOperatorAudit } from '../audit/operator-audit.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { fieldFailure } from '../http/errors.ts';
import { maskAccountNumber, maskEmail, maskHandle, maskMobile } from '../kernel/masks.ts';
import { accountRecord, betRecord } from '../records/records.service.ts';
import { inTransaction } from '../wallet/ledger.service.ts';

const MAX_ID = 2_147_483_647;
const DAY_MS = 86_400_000;
/** How far back the lookup's records reach, and how many of each it shows. */
const RECORD_DAYS = 90;
const RECORD_ROWS = 10;
const AUDIT_ROWS = 20;

/**
 * The member a search names, in this merchant only: a username (case aside) first, then a member id,
 * then a mobile number (its last ten digits, as the closure keys compare them, docs/0105); the oldest
 * account when one number is on several. Another merchant's member is not found.
 */
async function findMember(deps: TPlatformDeps, merchantId: number, q: string) {
  const base = () =>
    deps.db
      .selectFrom('members')
      .select(['id', 'username', 'nickname', 'type', 'vip_label', 'created_at', 'mobile_num', 'country_dialing_code', 'email'])
      .where('merchant_id', '=', merchantId);
  const byName = await base()
    .where(sql`lower(username)`, '=', q.toLowerCase())
    .executeTakeFirst();
  if (byName) return byName;
  const digits = /^\+?[\d\s-]+$/.test(q) ? q.replace(/\D/g, '') : '';
  if (digits === '') return undefined;
  const id = Number(digits);
  if (digits.length <= 10 && id > 0 && id <= MAX_ID) {
    const byId = await base().where('id', '=', id).executeTakeFirst();
    if (byId) return byId;
  }
  if (digits.length < 6) return undefined;
  return base()
    .where(sql`right(regexp_replace(coalesce(mobile_num, ''), '\\D', '', 'g'), 10)`, '=', digits.slice(-10))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Support's member lookup (docs/rules/operator.md#o-15..#o-17): one member's profile, balance, newest
 * records and the operator actions about it. Mobile, e-mail and bank accounts are masked unless the
 * operator's role has member.contact.read. Every lookup that finds a member is audited
 * (`member.lookup`: who looked at whom, and whether the contact data was shown).
 */
export async function memberLookup(deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string, q: string): Promise<TMemberLookup> {
  const row = await findMember(deps, merchant.id, q.trim());
  if (!row) throw fieldFailure('q', EMERGENCY_MESSAGES.notFound, {}, WPS_CODES.notFound);
  const showContact = roleAllows(op.role, 'member.contact.read');
  await inTransaction(deps.db, (trx) =>
    recordOperatorAudit(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: 'member.lookup',
      before: null,
      after: { memberId: row.id, username: row.username, contactShown: showContact },
      configVersion: null,
    }),
  );
  const now = deps.clock();
  const member = { memberId: row.id, sessionId: 0, type: row.type, username: row.username, mustChangePassword: false };
  const range = {
    from: new Date(now.getTime() - RECORD_DAYS * DAY_MS).toISOString(),
    to: new Date(now.getTime() + 60_000).toISOString(),
    pageNo: 1,
    pageSize: RECORD_ROWS,
    tzOffsetMinutes: 0,
  };
  const [transactions, bets, balance, banks, audit] = await Promise.all([
    accountRecord(deps, merchant, member, range),
    betRecord(deps, merchant, member, range),
    deps.db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('member_id', '=', row.id)
      .where('kind', '=', 'member_wallet')
      .where('code', '=', '')
      .executeTakeFirst(),
    deps.db
      .selectFrom('member_bank_accounts')
      .select(['bank_name', 'account_number', 'holder_name'])
      .where('member_id', '=', row.id)
      .orderBy('id')
      .limit(20)
      .execute(),
    // The rows naming the member after or before, each side read newest first from its own index
    // (migration 0066); one OR made the planner walk the whole log backwards instead.
    sql<{ created_at: Date; operator_username: string; action: string }>`
      select created_at, operator_username, action from (
        (select id, created_at, operator_username, action from config_audit
          where merchant_id = ${merchant.id} and (after ->> 'memberId') = ${String(row.id)} order by id desc limit ${AUDIT_ROWS})
        union
        (select id, created_at, operator_username, action from config_audit
          where merchant_id = ${merchant.id} and (before ->> 'memberId') = ${String(row.id)} order by id desc limit ${AUDIT_ROWS})
      ) both_sides order by id desc limit ${AUDIT_ROWS}`
      .execute(deps.db)
      .then((r) => r.rows),
  ]);
  // Masked as the member's own pages show them (kernel/masks.ts, docs/0068).
  const mobile = showContact
    ? row.mobile_num && `${row.country_dialing_code ?? ''} ${row.mobile_num}`.trim()
    : maskMobile(row.country_dialing_code, row.mobile_num);
  const email = showContact ? row.email : maskEmail(row.email);
  return {
    memberId: row.id,
    username: row.username,
    nickname: row.nickname,
    type: row.type,
    vipLabel: row.vip_label.slice(0, 64),
    createdAt: new Date(row.created_at).toISOString(),
    balanceMinor: Number(balance?.balance_minor ?? 0),
    contact: {
      masked: !showContact,
      mobile,
      email,
      bankAccounts: banks.map((b) => ({
        bankName: b.bank_name,
        accountNumber: showContact ? b.account_number : maskAccountNumber(b.account_number),
        holderName: showContact ? b.holder_name : (maskHandle(b.holder_name) ?? ''),
      })),
    },
    transactions: transactions.rows,
    bets: bets.rows,
    audit: audit.map((a) => ({ at: new Date(a.created_at).toISOString(), operator: a.operator_username, action: a.action })),
  };
}
