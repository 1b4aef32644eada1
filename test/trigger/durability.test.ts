import { NodeApiError } from 'n8n-workflow';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Sandbox } from '../sandbox/server.mjs';
import {
	addFault,
	addRedirect,
	serviceRequests,
	setStatus,
	startTriggerSandbox,
	trigger,
} from './support';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startTriggerSandbox();
});
afterAll(async () => {
	await sandbox.close();
});
beforeEach(() => {
	sandbox.reset();
});

const PARAMETERS = { events: ['statusChanged', 'newRedirect', 'redirectDeleted'] };

async function watchedAccount() {
	await addRedirect(sandbox, 'a.example.com', 'active');
	await addRedirect(sandbox, 'b.example.com', 'not_configured');
	const harness = trigger(sandbox, PARAMETERS);
	expect(await harness.poll()).toEqual({ events: null });
	return harness;
}

describe('a failed poll', () => {
	it('5xx until the retries run out: NodeApiError with the HTTP code, state untouched, nothing lost', async () => {
		const harness = await watchedAccount();
		await setStatus(sandbox, 'a.example.com', 'error');
		await addRedirect(sandbox, 'c.example.com');
		const stateBefore = harness.savedStaticData();

		await addFault(sandbox, { status: 503, retryAfter: 0, count: 5, pathPrefix: '/v1/redirects' });
		const failed = await harness.poll();
		expect(failed.events).toBeNull();
		expect(failed.error).toBeInstanceOf(NodeApiError);
		expect(failed.error!.httpCode).toBe('503');
		expect(JSON.stringify(failed.error)).not.toContain('key_ok');
		expect(harness.savedStaticData()).toEqual(stateBefore);

		const recovered = await harness.poll();
		expect(recovered.error).toBeUndefined();
		expect(recovered.events!.map((e) => [e.event, e.host])).toEqual([
			['statusChanged', 'a.example.com'],
			['newRedirect', 'c.example.com'],
		]);
		expect((await harness.poll()).events).toBeNull();
	});

	it('rate limited beyond the allowed wait: NodeApiError 429 for n8n to back off, then exactly once', async () => {
		const harness = trigger(sandbox, PARAMETERS, { maxRateLimitWaitSeconds: 0 });
		await addRedirect(sandbox, 'a.example.com', 'active');
		expect(await harness.poll()).toEqual({ events: null });
		await setStatus(sandbox, 'a.example.com', 'disabled');

		await addFault(sandbox, { status: 429, retryAfter: 30, count: 1 });
		const failed = await harness.poll();
		expect(failed.error).toBeInstanceOf(NodeApiError);
		expect(failed.error!.httpCode).toBe('429');

		expect((await harness.poll()).events!.map((e) => [e.host, e.previousStatus, e.status])).toEqual(
			[['a.example.com', 'active', 'disabled']],
		);
		expect((await harness.poll()).events).toBeNull();
	});

	it('a dropped connection that outlasts the retries', async () => {
		const harness = await watchedAccount();
		await setStatus(sandbox, 'b.example.com', 'active');
		const stateBefore = harness.savedStaticData();

		await addFault(sandbox, { kind: 'reset', count: 5 });
		const failed = await harness.poll();
		expect(failed.error).toBeInstanceOf(NodeApiError);
		expect(harness.savedStaticData()).toEqual(stateBefore);

		expect((await harness.poll()).events!.map((e) => [e.host, e.status])).toEqual([
			['b.example.com', 'active'],
		]);
	});

	it('a failed status check (Check DNS Actively) fails the whole poll and keeps the state', async () => {
		const harness = trigger(sandbox, { ...PARAMETERS, options: { checkDnsActively: true } });
		await addRedirect(sandbox, 'b.example.com');
		expect(await harness.poll()).toEqual({ events: null });
		await addRedirect(sandbox, 'c.example.com', 'active');
		const stateBefore = harness.savedStaticData();

		await addFault(sandbox, {
			status: 503,
			retryAfter: 0,
			count: 5,
			pathPrefix: '/v1/redirects/b.example.com/status',
		});
		const failed = await harness.poll();
		expect(failed.error!.httpCode).toBe('503');
		expect(harness.savedStaticData()).toEqual(stateBefore);

		const { events } = await harness.poll();
		expect(events!.map((e) => [e.event, e.host, e.status])).toEqual([
			['newRedirect', 'c.example.com', 'active'],
		]);
	});
});

describe('state across process restarts', () => {
	it('reloads the saved static data: changes made while n8n was down are reported once', async () => {
		const first = await watchedAccount();
		const saved = first.savedStaticData();
		expect(saved).toEqual({
			'node:Redirect Manager Trigger': {
				redirects: {
					'a.example.com': {
						status: 'active',
						redirectTo: 'https://destination.example.org/',
						certificateExpiresAt: expect.any(String),
					},
					'b.example.com': {
						status: 'not_configured',
						redirectTo: 'https://destination.example.org/',
						certificateExpiresAt: null,
					},
				},
			},
		});

		await setStatus(sandbox, 'a.example.com', 'error');
		const second = first.restart();
		expect((await second.poll()).events!.map((e) => [e.host, e.previousStatus, e.status])).toEqual([
			['a.example.com', 'active', 'error'],
		]);

		const third = second.restart();
		sandbox.clearRequests();
		expect((await third.poll()).events).toBeNull();
		expect(serviceRequests(sandbox)).toHaveLength(1);
	});
});
