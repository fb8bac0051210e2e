import { UpstreamError } from '../upstream/upstream.errors.ts';

/**
 * A refusal the gateway makes itself (a rate limit, a registration rule). It has the shape of an
 * upstream refusal on purpose: the web reads one `data.upstream` ({ code, retryAfterSeconds,
 * fieldErrors }) whichever side said no.
 */
export class GatewayRefusal extends UpstreamError {}
