import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ASSET_CALLS, avatarDesign } from '@wl/schemas';
import { wpsErrors } from '../http/envelope.ts';
import { parseInput } from '../http/request-context.ts';
import { routesOf } from '../http/routes-of.ts';
import { bannerTitle, gameArtwork, promotionBannerImage, memberNicknameByAvatarKey, vendorArtwork } from './assets.queries.ts';
import { avatarSvg, bannerSvg, gameSvg, imageSvg, vendorSvg } from './svg.ts';

// `<id>.svg`, where id is a node id, vendor code, numeric id or avatar key; game and banner art
// with words on it also come as `<id>.bn.svg`, the words in Bengali (docs/0054).
const ZSvgFile = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{1,64}(\.bn)?\.svg$/) });

const AVATAR_KEY = /^[A-Za-z0-9_-]{22,64}$/;

function svg(reply: FastifyReply, body: string): FastifyReply {
  return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(body);
}

function idOf(params: unknown): string {
  return parseInput(ZSvgFile, params).file.slice(0, -'.svg'.length);
}

/** The id and language of a file name: `<id>.bn` is the Bengali artwork of `<id>`. */
function artOf(params: unknown): { id: string; bn: boolean } {
  const id = idOf(params);
  return id.endsWith('.bn') ? { id: id.slice(0, -'.bn'.length), bn: true } : { id, bn: false };
}

/** Generated artwork (docs/0076): deterministic SVGs for games, vendors, banners and avatars (unknown → 404 so clients show their fallback). */
export const assetRoutes = routesOf(ASSET_CALLS, {
  game: {
    raw: true,
    handle: async ({ deps, merchant, request, reply }) => {
      const { id, bn } = artOf(request.params);
      const game = await gameArtwork(deps.db, merchant.id, id);
      if (!game) throw wpsErrors.notFound();
      return svg(reply, gameSvg(id, bn ? game.name_bn : game.name_en, game.vendor_name));
    },
  },
  vendor: {
    raw: true,
    handle: async ({ deps, merchant, request, reply }) => {
      const id = idOf(request.params);
      const vendor = await vendorArtwork(deps.db, merchant.id, id);
      if (!vendor) throw wpsErrors.notFound();
      return svg(reply, vendorSvg(id, vendor.name));
    },
  },
  banner: {
    raw: true,
    handle: async ({ deps, merchant, request, reply }) => {
      const { id, bn } = artOf(request.params);
      const match = /^(p?)(\d{1,9})$/.exec(id);
      if (!match) throw wpsErrors.notFound();
      // The operator's own image (docs/0098), wrapped so that every banner URL stays one SVG address.
      const own = match[1] ? await promotionBannerImage(deps.db, merchant.id, Number(match[2])) : undefined;
      if (own?.banner_bytes && own.banner_content_type) return svg(reply, imageSvg(own.banner_content_type, own.banner_bytes));
      const row = await bannerTitle(deps.db, merchant.id, match[1] ? 'promotions' : 'banners', Number(match[2]));
      if (!row) throw wpsErrors.notFound();
      return svg(reply, bannerSvg(`banner-${id}`, bn ? row.title_bn : row.title_en));
    },
  },
  avatar: {
    raw: true,
    handle: async ({ deps, merchant, request, reply }) => {
      const id = idOf(request.params);
      // Only a random key (22 characters from newAvatarKey, 64 hex from the migration's backfill)
      // names an avatar; a member id or anything short is not looked up at all.
      if (!AVATAR_KEY.test(id)) throw wpsErrors.notFound();
      const member = await memberNicknameByAvatarKey(deps.db, merchant.id, id);
      if (!member) throw wpsErrors.notFound();
      return svg(reply, avatarSvg(`avatar-${id}`, member.nickname.slice(0, 1).toUpperCase(), avatarDesign(member.avatar_icon)));
    },
  },
});
