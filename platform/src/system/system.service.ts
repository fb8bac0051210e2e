import {
  ZPatternId,
  ZRegistrationField,
  type TPermissionInfo,
  type TRegistrationSettings,
  type TSystemStatus,
  type TValidationRule,
  type TWhitelabelNode,
} from '@wl/schemas';
import type { TMerchant } from '../http/auth.ts';
import { isRegionRestricted } from '../http/call-gate.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { stoppedParts } from '../kernel/emergency-stop.ts';
import { merchantProfile, registrationSettings, serviceAndResources, validationRules, whitelabelTree } from './system.queries.ts';

/** docs/rules/reach.md#r-10 system status: 1 maintenance, 2 region-restricted (the rule the call gate enforces, docs/0069), else 0. */
export function systemStatus(merchant: TMerchant, ip: string): TSystemStatus {
  const status = merchant.maintenance ? 1 : isRegionRestricted(merchant, ip) ? 2 : 0;
  return { status, ip };
}

/** The whitelabel tree. */
export function getWhitelabel(deps: TPlatformDeps, merchant: TMerchant): Promise<TWhitelabelNode[]> {
  return whitelabelTree(deps.db, merchant.id);
}

/** Registration settings (fields, age, SMS expiry, countries). */
export async function getRegisterSettings(deps: TPlatformDeps, merchant: TMerchant): Promise<TRegistrationSettings> {
  const { merchant: m, fields, countries } = await registrationSettings(deps.db, merchant.id);
  return {
    fields: fields.map((f) => ({ field: ZRegistrationField.parse(f.field), enabled: f.enabled, required: f.required })),
    minAge: m.min_age,
    smsExpiredMinutes: m.sms_expired_minutes,
    defaultCountryDialingCode: m.default_country_dialing_code,
    countries: countries.map((c) => ({ countryCode: c.country_code, countryDialingCode: c.country_dialing_code })),
  };
}

/** Validation rules (docs/rules/accounts.md#a-11). */
export async function getRegisterRules(deps: TPlatformDeps, merchant: TMerchant): Promise<TValidationRule[]> {
  const rows = await validationRules(deps.db, merchant.id);
  return rows.map((r) => ({
    field: r.field,
    acceptedPattern: r.accepted_pattern,
    minLength: r.min_length,
    maxLength: r.max_length,
    patternId: ZPatternId.parse(r.pattern_id),
  }));
}

/** Permission info (docs/rules/content.md#c-1), answered by domainRoute. */
export async function getPermissionInfo(deps: TPlatformDeps, merchant: TMerchant, ip: string): Promise<TPermissionInfo> {
  const [profile, { cs, resources }, whitelabel, registrationRules, stops] = await Promise.all([
    merchantProfile(deps.db, merchant.id),
    serviceAndResources(deps.db, merchant.id),
    whitelabelTree(deps.db, merchant.id),
    getRegisterRules(deps, merchant),
    stoppedParts(deps.db, merchant.id),
  ]);
  return {
    merchantCode: profile.code,
    merchantName: profile.name,
    currencySymbol: profile.currency_symbol,
    customerService: cs.map((c) => ({ csType: c.cs_type, path: c.path })),
    domainRoute: profile.domain_route,
    mainDomain: profile.main_domain,
    resources: resources.map((r) => ({ labelNameEn: r.label_name_en, resourceType: r.resource_type, url: r.url })),
    whitelabel,
    registrationRules,
    gtagId: profile.gtag_id,
    imageCDNs: profile.image_cdns,
    launchGameCDNs: profile.launch_game_cdns,
    location: { ip },
    maintenance: profile.maintenance,
    regionRestriction: profile.region_restriction,
    ...(stops.length > 0 ? { emergencyStops: stops } : {}),
    palette: profile.palette,
    languages: profile.languages,
  };
}
