/** Types for the sandbox of the Redirect Management Service (server.mjs). */

export type AccountState = 'ok' | 'revoked' | 'noapi' | 'inactive';
export type RateMode = 'sliding' | 'fixed';
export type ListShape = 'wrapped' | 'array' | 'data';
export type RedirectStatus = 'not_configured' | 'pending' | 'active' | 'disabled' | 'error';

export interface SeedAccount {
	key: string;
	email?: string;
	plan?: string;
	maxRedirects?: number;
	/** default 'ok'; 'revoked' -> 401 invalid_api_key, 'noapi' -> 403 api_not_enabled, 'inactive' -> 403 account_inactive */
	state?: AccountState;
}

export interface SeedPath {
	fromPath: string;
	redirectTo: string;
	absolute?: boolean;
	statusCode?: 301 | 302 | 307 | 308;
}

export interface SeedQrCode {
	label: string;
	/** the fromPath of one of the redirect's seed paths; omitted = the domain */
	fromPath?: string;
	color?: string;
	format?: 'png' | 'svg' | 'pdf';
}

export interface SeedRedirect {
	/** API key of the owning account */
	key: string;
	host: string;
	redirectTo: string;
	redirectType?: 301 | 302;
	followPath?: boolean;
	followQueryString?: boolean;
	status?: RedirectStatus;
	errorMessage?: string;
	/** record DNS for the host as pointing (true) or elsewhere (false) */
	dnsPointing?: boolean;
	paths?: SeedPath[];
	qrCodes?: SeedQrCode[];
}

export interface Seed {
	/** merged with the default accounts (key_ok, key_other, key_small, key_revoked, key_noapi, key_inactive); given wins by key */
	accounts?: SeedAccount[];
	/** created at start and again on every reset */
	redirects?: SeedRedirect[];
}

/** Run-time knobs (also settable with configure() / POST /__admin/config). */
export interface SandboxConfig {
	/** requests per window per key (default 60) */
	rateLimit: number;
	/** window length in ms (default 60000) */
	rateWindowMs: number;
	/** 'sliding' (default): trailing window; 'fixed': windows aligned to multiples of rateWindowMs since start */
	rateMode: RateMode;
	/** how long `pending` lasts before `active` (default 2000) */
	certDelayMs: number;
	/** 'wrapped' (default) {redirects|paths|qrCodes: [...]}, 'array' bare arrays, 'data' {data: [...]} */
	listShape: ListShape;
}

export interface SandboxOptions extends Partial<SandboxConfig> {
	/** 0 (default) = random free port; listens on 127.0.0.1 */
	port?: number;
	seed?: Seed;
	/** seed of the PRNG used by probabilistic faults (default 42) */
	randomSeed?: number;
}

export interface RequestLogEntry {
	/** arrival time, epoch ms */
	at: number;
	method: string;
	/** path without the query string */
	path: string;
	query: Record<string, string>;
	/** whether an Authorization header was present (the header value is never recorded) */
	auth: boolean;
	/** email of the account the key belongs to (also for 403 keys), null when the key was not recognised */
	account: string | null;
	/** HTTP status sent, or 'reset' when the connection was dropped (0 while still in progress) */
	status: number | 'reset';
	/** the fault applied, e.g. 'status:503', 'status:503:after', 'reset', 'reset:after', 'delay:200' */
	fault?: string;
}

export interface Sandbox {
	/** e.g. "http://127.0.0.1:43123" (no trailing slash) */
	url: string;
	close(): Promise<void>;
	/** a copy of the request log (admin requests are never logged) */
	requests(): RequestLogEntry[];
	clearRequests(): void;
	/** back to the seed and the start options: state, request log, faults, rate-limit counters, id counters, DNS */
	reset(): void;
	/** change knobs at run time; changing a rate knob clears the rate-limit counters. Throws on invalid values. */
	configure(partial: Partial<SandboxConfig>): void;
}

export function startSandbox(options?: SandboxOptions): Promise<Sandbox>;

// ---- Admin API body types (POST /__admin/...) ----

export interface FaultRule {
	/** 'status' (default when status is given), 'reset' (drop the connection), 'delay' */
	kind?: 'status' | 'reset' | 'delay';
	/** HTTP status for kind 'status' (400-599) */
	status?: number;
	/** Retry-After seconds sent with the injected status (default: 1 for 429, none otherwise) */
	retryAfter?: number;
	/** for kind 'delay' */
	delayMs?: number;
	/** only these methods (default all) */
	methods?: string[];
	/** only paths starting with this (default '/v1') */
	pathPrefix?: string;
	/** act first, then fail the reply (status/reset) or delay the reply (delay) */
	after?: boolean;
	/** the next N matching requests (default 1 when probability is not given) */
	count?: number;
	/** chance per matching request (seeded PRNG); without count it stays until cleared */
	probability?: number;
	/** reseed the PRNG */
	seed?: number;
}
