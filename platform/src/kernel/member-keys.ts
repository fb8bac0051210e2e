import { randomBytes } from 'node:crypto';

/**
 * Random keys of member rows, made by registration, the register centre, the session (a mobile
 * login's new member) and the seed alike: the kernel's, so none of them imports the member area.
 */

/** A new member's avatar key: 128 random bits, base64url (22 characters). */
export const newAvatarKey = (): string => randomBytes(16).toString('base64url');

/**
 * Avatar artwork of a member, by its random key: a sequential id in the URL would let anyone
 * enumerate members (docs/0013). A new design gets a new key (docs/0115), so a cached picture is
 * never shown for the new one.
 */
export const avatarUrl = (avatarKey: string) => `/wps/assets/avatar/${avatarKey}.svg`;
