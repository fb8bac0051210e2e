import { z } from 'zod';
import {
  GAME_LIST_CLIENT_TYPE,
  GAME_LIST_PLATFORM,
  VENDOR_PLATFORM,
  WINNER_BOARD_LIMIT,
  WPS_CODES,
  WPS_MESSAGES,
  WPS_PATHS,
  ZAnnouncementsResponse,
  ZBalanceResponse,
  ZCaptchaResponse,
  ZConfigVersionResponse,
  ZDomainRouteResponse,
  ZFavouriteIdsResponse,
  ZFavouriteListResponse,
  ZGameListResponse,
  ZGameMenusResponse,
  ZHotGamesResponse,
  ZLaunchGameResponse,
  ZLoginResponse,
  ZMemberInfoResponse,
  ZOperatorConfigResponse,
  ZOperatorLoginResponse,
  ZRegisterRulesResponse,
  ZRegisterSettingsResponse,
  ZSystemStatusResponse,
  ZWhitelabelResponse,
  ZWinnerBoardResponse,
  type TGameType,
  type TLanguage,
} from '@wl/schemas';
import { encryptBody } from '@wl/schemas/wps/body-cipher';
import type { TCallContext, UpstreamClient } from './upstream.client.ts';
import { UpstreamError } from './upstream.errors.ts';

/** Value of calls whose success carries nothing we read. */
const ZIgnored = z.unknown();
const ZRsaKeyResponse = z.object({ publicKey: z.string().min(1).max(10_000) });

/** Login input as the gateway hands it over (plain; encrypted here for the wire). */
export type TLoginInput = { username: string; password: string; captcha?: string; captchaId?: string };

/** Inputs of the game list relay that the gateway lets a browser choose. */
export type TGameListInput = {
  gameType?: TGameType;
  vassalage?: string;
  gameName?: string;
  pageNo: number;
  pageSize: number;
};

/**
 * The wps calls of SPEC §7 the gateway uses, one method each. Everything wire-specific (paths,
 * module IDs, query names, encryption) lives here so procedures read like the domain.
 */
export class WpsApi {
  private rsaKey: Promise<string> | null = null;

  constructor(readonly client: UpstreamClient) {}

  get merchantCode(): string {
    return this.client.merchantCode;
  }

  configVersion(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.configVersion, moduleId: 'CONFIG', value: ZConfigVersionResponse }, ctx);
  }
  systemStatus(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.systemStatus, moduleId: 'STATUS', value: ZSystemStatusResponse }, ctx);
  }
  whitelabel(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.whitelabel, moduleId: 'WHITELABEL', value: ZWhitelabelResponse }, ctx);
  }
  permissionInfo(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.domainRoute, moduleId: 'DOMAINROUTE', value: ZDomainRouteResponse }, ctx);
  }
  registerSettings(ctx: TCallContext) {
    return this.client.call(
      { method: 'GET', path: WPS_PATHS.registerSettings, moduleId: 'REGISTER', value: ZRegisterSettingsResponse },
      ctx,
    );
  }
  registerRules(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.registerRules, moduleId: 'REGISTER', value: ZRegisterRulesResponse }, ctx);
  }
  gameMenus(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.gameMenus, moduleId: 'GAMEMENU', value: ZGameMenusResponse }, ctx);
  }

  gameList(input: TGameListInput, ctx: TCallContext) {
    return this.client.call(
      {
        method: 'GET',
        path: WPS_PATHS.gameList,
        moduleId: 'GAMELIST',
        value: ZGameListResponse,
        query: {
          clientType: GAME_LIST_CLIENT_TYPE,
          platform: GAME_LIST_PLATFORM,
          merchant: this.merchantCode,
          gameType: input.gameType,
          pageNo: input.pageNo,
          pageSize: input.pageSize,
          vassalage: input.vassalage,
          gameName: input.gameName,
          language: ctx.language,
        },
      },
      ctx,
    );
  }
  hotGames(ctx: TCallContext) {
    return this.client.call(
      {
        method: 'GET',
        path: WPS_PATHS.hotGames,
        moduleId: 'HOTGAMES',
        value: ZHotGamesResponse,
        query: { merchantCode: this.merchantCode, isPlatform: 'true', platform: VENDOR_PLATFORM, language: ctx.language },
      },
      ctx,
    );
  }
  announcements(ctx: TCallContext) {
    return this.client.call(
      {
        method: 'GET',
        path: WPS_PATHS.announcements,
        moduleId: 'ANNOUNCEMENT',
        value: ZAnnouncementsResponse,
        query: { platform: 'W', language: ctx.language },
      },
      ctx,
    );
  }
  winnerBoard(ctx: TCallContext) {
    return this.client.call(
      {
        method: 'GET',
        path: WPS_PATHS.winnerBoard,
        moduleId: 'WINNERBOARD',
        value: ZWinnerBoardResponse,
        query: { gameCategory: 'ALL', language: ctx.language, limitNum: WINNER_BOARD_LIMIT },
      },
      ctx,
    );
  }

  favouriteIds(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.favouriteIds, moduleId: 'FAVOURITE', value: ZFavouriteIdsResponse }, ctx);
  }
  favouriteList(input: { pageNo: number; pageSize: number; gameType?: TGameType }, ctx: TCallContext) {
    return this.client.call(
      {
        method: 'GET',
        path: WPS_PATHS.favouriteList,
        moduleId: 'FAVOURITE',
        value: ZFavouriteListResponse,
        query: {
          clientType: GAME_LIST_CLIENT_TYPE,
          platform: GAME_LIST_PLATFORM,
          language: ctx.language,
          pageNo: input.pageNo,
          pageSize: input.pageSize,
          gameType: input.gameType,
        },
      },
      ctx,
    );
  }
  async addFavourite(payload: { nodeId: string; vendor: string; gameType: TGameType }, ctx: TCallContext): Promise<void> {
    await this.client.call(
      { method: 'POST', path: WPS_PATHS.favouriteAdd, moduleId: 'FAVOURITE', value: ZIgnored, body: payload },
      ctx,
    );
  }
  async removeFavourite(nodeId: string, ctx: TCallContext): Promise<void> {
    await this.client.call(
      { method: 'DELETE', path: WPS_PATHS.favouriteRemove, moduleId: 'FAVOURITE', value: ZIgnored, query: { nodeId } },
      ctx,
    );
  }
  /** UPSTREAM-NOTES: GET only, launchMode GLS, accountType 0 for free play. */
  launchGame(input: { nodeId: string; freeTrial: boolean; language: TLanguage }, ctx: TCallContext) {
    return this.client.call(
      {
        method: 'GET',
        path: WPS_PATHS.launchGame,
        moduleId: 'LAUNCHGAME',
        value: ZLaunchGameResponse,
        query: { nodeId: input.nodeId, launchMode: 'GLS', accountType: input.freeTrial ? 0 : 1, language: input.language },
      },
      ctx,
    );
  }

  captcha(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.captcha, moduleId: 'CAPTCHA', value: ZCaptchaResponse }, ctx);
  }

  /** The upstream's RSA public key, fetched once and shared by concurrent logins. */
  private publicKey(ctx: TCallContext): Promise<string> {
    if (!this.rsaKey) {
      const pending = this.client
        .call({ method: 'GET', path: WPS_PATHS.rsaKey, moduleId: 'LOGIN', value: ZRsaKeyResponse }, ctx)
        .then((v) => v.publicKey);
      pending.catch(() => {
        if (this.rsaKey === pending) this.rsaKey = null;
      });
      this.rsaKey = pending;
    }
    return this.rsaKey;
  }

  /** POST /wps/session/login with an encrypted body (UPSTREAM-NOTES); refetches the key once if it rotated. */
  async login(input: TLoginInput, ctx: TCallContext) {
    const payload = { ...input, type: 'username' as const };
    for (let attempt = 1; ; attempt++) {
      const key = await this.publicKey(ctx);
      const { body, headers } = encryptBody(payload, key);
      try {
        return await this.client.call(
          { method: 'POST', path: WPS_PATHS.login, moduleId: 'LOGIN', value: ZLoginResponse, body, headers: { ...headers } },
          { ...ctx, token: null },
        );
      } catch (error) {
        if (attempt === 1 && isDecryptFailure(error)) {
          this.rsaKey = null;
          continue;
        }
        throw error;
      }
    }
  }
  async logout(ctx: TCallContext): Promise<void> {
    await this.client.call({ method: 'DELETE', path: WPS_PATHS.logout, moduleId: 'LOGOUT', value: ZIgnored }, ctx);
  }

  memberInfo(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.memberInfo, moduleId: 'MEMBERINFO', value: ZMemberInfoResponse }, ctx);
  }
  balance(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.balance, moduleId: 'BALANCE', value: ZBalanceResponse }, ctx);
  }

  operatorLogin(input: { username: string; password: string }, ctx: TCallContext) {
    return this.client.call(
      { method: 'POST', path: WPS_PATHS.operatorLogin, moduleId: 'OPERATOR', value: ZOperatorLoginResponse, body: input },
      { ...ctx, token: null },
    );
  }
  operatorConfig(ctx: TCallContext) {
    return this.client.call(
      { method: 'GET', path: WPS_PATHS.operatorWhitelabel, moduleId: 'OPERATOR', value: ZOperatorConfigResponse },
      ctx,
    );
  }
  /** Answers the console configuration after the change. */
  operatorSetFlag(input: { modId: string; enabled: boolean }, ctx: TCallContext) {
    return this.client.call(
      { method: 'PUT', path: WPS_PATHS.operatorWhitelabel, moduleId: 'OPERATOR', value: ZOperatorConfigResponse, body: input },
      ctx,
    );
  }
  /** Answers the console configuration after the change. */
  operatorSetSystem(input: { maintenance?: boolean; regionRestriction?: boolean }, ctx: TCallContext) {
    return this.client.call(
      { method: 'PUT', path: WPS_PATHS.operatorSystem, moduleId: 'OPERATOR', value: ZOperatorConfigResponse, body: input },
      ctx,
    );
  }
}

/**
 * The upstream could not read the encrypted body, most likely because its key changed (a restart).
 * The gateway already validated the payload, so a bare bad-request on login can only mean that.
 */
function isDecryptFailure(error: unknown): boolean {
  return error instanceof UpstreamError && error.code === WPS_CODES.badRequest && error.messageKey === WPS_MESSAGES.badRequest;
}
