// Shared set-up for the trigger tests: one in-process sandbox per file, sandbox control calls.
import { expect } from 'vitest';

import type { CredentialData } from '../helpers/n8n';
import { TriggerHarness } from '../helpers/trigger';
import type { INode } from 'n8n-workflow';
import { admin, call } from '../sandbox/helpers';
import type { RequestLogEntry, Sandbox, SandboxOptions } from '../sandbox/server.mjs';
import { startSandbox } from '../sandbox/server.mjs';

export const DAY_MS = 86_400_000;

export async function startTriggerSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	return await startSandbox({
		certDelayMs: 50,
		seed: {
			accounts: [{ key: 'key_big', email: 'big@example.com', plan: 'Agency', maxRedirects: 600 }],
		},
		...options,
	});
}

export const credentialsFor = (sandbox: Sandbox, apiKey = 'key_ok'): CredentialData => ({
	baseUrl: sandbox.url,
	apiKey,
	rateLimit: 100000,
	rateWindowSeconds: 1,
});

export function trigger(
	sandbox: Sandbox,
	parameters: INode['parameters'] = {},
	credentials: Partial<CredentialData> = {},
): TriggerHarness {
	return new TriggerHarness({
		parameters,
		credentials: { ...credentialsFor(sandbox), ...credentials },
	});
}

async function control(sandbox: Sandbox, path: string, body: unknown) {
	const reply = await admin(sandbox, 'POST', path, body);
	expect(reply.status, `${path}: ${reply.text}`).toBeLessThan(300);
	return reply.json;
}

export const addRedirect = (sandbox: Sandbox, host: string, status?: string, key = 'key_ok') =>
	control(sandbox, 'redirects', { key, host, status });

export const addRedirects = (sandbox: Sandbox, count: number, prefix: string, key = 'key_big') =>
	control(sandbox, 'redirects', { key, count, prefix });

export const setStatus = (sandbox: Sandbox, host: string, status: string, errorMessage?: string) =>
	control(sandbox, 'status', { host, status, errorMessage });

export const setCertificate = (sandbox: Sandbox, host: string, expiresAt: string | null) =>
	control(sandbox, 'certificate', { host, expiresAt });

export const setDns = (sandbox: Sandbox, host: string, pointing: boolean) =>
	control(sandbox, 'dns', { host, pointing });

export const addFault = (sandbox: Sandbox, rule: Record<string, unknown>) =>
	control(sandbox, 'faults', rule);

export async function deleteRedirect(sandbox: Sandbox, host: string, key = 'key_ok') {
	const reply = await call(sandbox, 'DELETE', `/v1/redirects/${host}`, { key });
	expect(reply.status).toBe(204);
}

/** The service's time format for certificateExpiresAt (UTC, no offset). */
export const serviceTime = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** Requests the trigger sent to the service since the log was last cleared. */
export const serviceRequests = (sandbox: Sandbox): RequestLogEntry[] =>
	sandbox.requests().filter((entry) => entry.path.startsWith('/v1'));
