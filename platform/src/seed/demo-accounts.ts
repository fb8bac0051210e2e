import type { Transaction } from 'kysely';
import { MEMBER_TYPE, NON_MEMBER_TYPE, TRIAL_TYPE } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { hashPassword } from '../session/password.service.ts';
import { houseAccountId, transfer } from '../wallet/ledger.service.ts';
import { newAvatarKey } from '../kernel/member-keys.ts';
import { DEMO_TEAM } from './agent-tree.ts';
import { DEMO_KNOWN_IPS } from './known-ips.ts';

/** Demo accounts (platform/README.md lists them). Passwords exist only here and as argon2id hashes. */
export const DEMO_ACCOUNTS = {
  member: { username: 'demo_member', password: 'Demo1234' },
  trial: { username: 'demo_trial', password: 'Trial1234' },
  agent: { username: 'demo_agent', password: 'Agent1234' },
  downline: { usernames: ['demo_down1', 'demo_down2', 'demo_down3'], password: 'Down1234' },
  operator: { username: 'demo_operator', password: 'Operator1234' },
  weak: { username: 'demo_weak', password: '123456' },
  /** A second 123456 account, so a journey can complete the forced change without touching demo_weak. */
  weak2: { username: 'demo_weak2', password: '123456' },
  house: { username: 'demo_house', password: 'House1234' },
  totp: { username: 'demo_totp', password: 'Totp1234' },
  /**
   * Funded members of their own for the game journeys and the demo traffic: each journey that moves
   * money plays on one of them, so it can run beside the others without touching demo_member's
   * balance (docs/0045).
   */
  players: { usernames: ['demo_player1', 'demo_player2', 'demo_player3', 'demo_player4'], password: 'Player1234' },
  /**
   * A second top agent under the operator, with an operator real-time salary contract and no team:
   * the contracts journey registers its downline, funds it and offers it a share (docs/0049). Not
   * in demo_agent's tree, so its team's bets pay no other seeded account and it runs beside the
   * journeys that read demo_agent's balance.
   */
  contractAgent: { username: 'demo_agent2', password: 'Agent21234' },
} as const;

/**
 * Operators of the other roles (docs/0010; demo_operator is the owner), and a second owner who
 * approves the first owner's changes of the four-eyes limits and channels (docs/0066).
 * platform/README.md lists them.
 */
export const DEMO_ROLE_OPERATORS = [
  { username: 'demo_finance', password: 'Finance1234', name: 'Demo Finance', role: 'finance' },
  { username: 'demo_support', password: 'Support1234', name: 'Demo Support', role: 'support' },
  { username: 'demo_content', password: 'Content1234', name: 'Demo Content', role: 'content' },
  { username: 'demo_owner2', password: 'Owner21234', name: 'Demo Owner Two', role: 'owner' },
] as const;

/** demo_totp's authenticator secret (base32), printed in platform/README.md for manual tests. */
export const DEMO_TOTP_SECRET = 'KRUGS4ZANFZSAZDFNVXSA5DPORYA2345';
/** demo_agent's invitation (affiliate) code. */
export const DEMO_AGENT_INVITATION_CODE = 'LUCKY8';
/** demo_member's bound contact data (second factor and SMS login). */
export const DEMO_MEMBER_CONTACT = {
  countryDialingCode: '+880',
  mobileNum: '1711000001',
  email: 'demo_member@example.test',
  bankHolderName: 'Demo Member',
} as const;

/** The demo member's opening balance: ৳12,500.00 in minor units. */
export const DEMO_MEMBER_BALANCE_MINOR = 1_250_000;
/** Each demo player's opening balance (৳5,000.00). */
export const DEMO_PLAYER_BALANCE_MINOR = 500_000;
/** demo_agent2's opening balance (৳50,000.00, as demo_agent's). */
export const DEMO_CONTRACT_AGENT_BALANCE_MINOR = 5_000_000;

/** argon2id hashes of the demo passwords, made before the seed's transaction (argon2 runs on the thread pool). */
export async function hashDemoPasswords() {
  const a = DEMO_ACCOUNTS;
  const [member, trial, agent, contractAgent, down, operator, weak, house, totp, player, team] = await Promise.all([
    hashPassword(a.member.password),
    hashPassword(a.trial.password),
    hashPassword(a.agent.password),
    hashPassword(a.contractAgent.password),
    hashPassword(a.downline.password),
    hashPassword(a.operator.password),
    hashPassword(a.weak.password),
    hashPassword(a.house.password),
    hashPassword(a.totp.password),
    hashPassword(a.players.password),
    hashPassword(DEMO_TEAM.password),
  ]);
  return { member, trial, agent, contractAgent, down, operator, weak, house, totp, player, team };
}

export type TDemoPasswordHashes = Awaited<ReturnType<typeof hashDemoPasswords>>;

/** The demo members (with their known IPs and downlines), operators, wallets and opening balances. */
export async function seedDemoAccounts(trx: Transaction<DB>, merchantId: number, h: TDemoPasswordHashes): Promise<void> {
  const a = DEMO_ACCOUNTS;
  const base = { merchant_id: merchantId, upline_id: null, password_expires_at: null };
  // Each member gets its own random avatar key (docs/0013: avatars are not addressed by id).
  const withKey = <T extends object>(row: T) => ({ ...row, avatar_key: newAvatarKey() });
  const inserted = await trx
    .insertInto('members')
    .values(
      [
        {
          ...base,
          username: a.member.username,
          nickname: 'Demo Member',
          password_hash: h.member,
          type: MEMBER_TYPE,
          vip_label: 'VIP 3',
          vip_rank: 3,
          mobile_num: DEMO_MEMBER_CONTACT.mobileNum,
          country_dialing_code: DEMO_MEMBER_CONTACT.countryDialingCode,
          email: DEMO_MEMBER_CONTACT.email,
          bank_holder_name: DEMO_MEMBER_CONTACT.bankHolderName,
        },
        { ...base, username: a.trial.username, nickname: 'Trial Player', password_hash: h.trial, type: TRIAL_TYPE },
        {
          ...base,
          username: a.agent.username,
          nickname: 'Demo Agent',
          password_hash: h.agent,
          type: 1,
          vip_label: 'VIP 1',
          vip_rank: 1,
          invitation_code: DEMO_AGENT_INVITATION_CODE,
        },
        { ...base, username: a.contractAgent.username, nickname: 'Contract Agent', password_hash: h.contractAgent, type: 1 },
        { ...base, username: a.weak.username, nickname: 'Weak Password', password_hash: h.weak, type: MEMBER_TYPE, weak_password: true },
        { ...base, username: a.weak2.username, nickname: 'Weak Password 2', password_hash: h.weak, type: MEMBER_TYPE, weak_password: true },
        { ...base, username: a.house.username, nickname: 'House', password_hash: h.house, type: NON_MEMBER_TYPE },
        { ...base, username: a.totp.username, nickname: 'Totp Member', password_hash: h.totp, type: MEMBER_TYPE, totp_secret: DEMO_TOTP_SECRET },
        ...a.players.usernames.map((username, i) => ({ ...base, username, nickname: `Player ${i + 1}`, password_hash: h.player, type: MEMBER_TYPE })),
      ].map(withKey),
    )
    .returning(['id', 'username'])
    .execute();
  const agentId = inserted.find((r) => r.username === a.agent.username)!.id;
  // demo_member joined through demo_agent: its upline, which it can transfer to (transferUpline).
  await trx.updateTable('members').set({ upline_id: agentId }).where('merchant_id', '=', merchantId).where('username', '=', a.member.username).execute();
  const knownIpOwners: string[] = [
    a.member.username,
    a.agent.username,
    a.contractAgent.username,
    a.weak.username,
    a.weak2.username,
    a.house.username,
    a.totp.username,
    ...a.players.usernames,
  ];
  await trx
    .insertInto('member_known_ips')
    .values(inserted.filter((r) => knownIpOwners.includes(r.username)).flatMap((r) => DEMO_KNOWN_IPS.map((ip) => ({ member_id: r.id, ip }))))
    .execute();
  const downs = await trx
    .insertInto('members')
    .values(
      a.downline.usernames.map((username, i) => ({
        ...base,
        username,
        nickname: `Downline ${i + 1}`,
        password_hash: h.down,
        type: MEMBER_TYPE,
        upline_id: agentId,
        avatar_key: newAvatarKey(),
      })),
    )
    .returning(['id', 'username'])
    .execute();
  await trx
    .insertInto('operators')
    .values({ merchant_id: merchantId, username: a.operator.username, name: 'Demo Operator', password_hash: h.operator })
    .execute();
  const roleHashes = await Promise.all(DEMO_ROLE_OPERATORS.map((o) => hashPassword(o.password)));
  await trx
    .insertInto('operators')
    .values(DEMO_ROLE_OPERATORS.map((o, i) => ({ merchant_id: merchantId, username: o.username, name: o.name, role: o.role, password_hash: roleHashes[i]! })))
    .execute();

  await trx.insertInto('ledger_accounts').values({ merchant_id: merchantId, member_id: null, kind: 'house', currency: 'BDT' }).execute();
  const wallets = await trx
    .insertInto('ledger_accounts')
    .values([...inserted, ...downs].map((r) => ({ merchant_id: merchantId, member_id: r.id, kind: 'member_wallet' as const, currency: 'BDT' })))
    .returning(['id', 'member_id'])
    .execute();
  const house = (await houseAccountId(trx, merchantId))!;
  // Opening balances, credited in this order (each under its own idempotency key).
  const openings: [string, number][] = [
    [a.member.username, DEMO_MEMBER_BALANCE_MINOR],
    ...a.players.usernames.map((username) => [username, DEMO_PLAYER_BALANCE_MINOR] as [string, number]),
    [a.contractAgent.username, DEMO_CONTRACT_AGENT_BALANCE_MINOR],
  ];
  for (const [username, amountMinor] of openings) {
    const id = inserted.find((r) => r.username === username)!.id;
    await transfer(trx, {
      from: house,
      to: wallets.find((w) => w.member_id === id)!.id,
      amountMinor,
      owner: { kind: 'system', id: 0 },
      idempotencyKey: `seed:${merchantId}:${username}:opening`,
      kind: 'seed_credit',
    });
  }
}
