import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { ListShape, Sandbox } from '../sandbox/server.mjs';
import {
	addRedirect,
	addRedirects,
	credentialsFor,
	serviceRequests,
	setDns,
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

describe('cost per poll', () => {
	it('200 redirects: exactly one request per poll, whatever changed', async () => {
		await addRedirects(sandbox, 200, 'bulk-');
		const harness = trigger(
			sandbox,
			{ events: ['statusChanged', 'newRedirect', 'redirectDeleted'] },
			credentialsFor(sandbox, 'key_big'),
		);
		expect(await harness.poll()).toEqual({ events: null });
		expect(serviceRequests(sandbox)).toHaveLength(1);

		await setStatus(sandbox, 'bulk-7.example.com', 'active');
		await setStatus(sandbox, 'bulk-150.example.com', 'error');
		await addRedirect(sandbox, 'late.example.com', undefined, 'key_big');
		sandbox.clearRequests();
		const started = performance.now();
		const { events } = await harness.poll();
		const elapsedMs = performance.now() - started;

		expect(events!.map((e) => [e.event, e.host])).toEqual([
			['statusChanged', 'bulk-7.example.com'],
			['statusChanged', 'bulk-150.example.com'],
			['newRedirect', 'late.example.com'],
		]);
		expect(serviceRequests(sandbox).map((entry) => `${entry.method} ${entry.path}`)).toEqual([
			'GET /v1/redirects',
		]);
		expect(elapsedMs).toBeLessThan(1_000);

		sandbox.clearRequests();
		expect((await harness.poll()).events).toBeNull();
		expect(serviceRequests(sandbox)).toHaveLength(1);
	});

	it('Check DNS Actively: one status request per watched redirect still not configured', async () => {
		await addRedirect(sandbox, 'live.example.com', 'active');
		await addRedirect(sandbox, 'waiting.example.com');
		await addRedirect(sandbox, 'ignored.example.com');
		await addRedirect(sandbox, 'pointing.example.com');
		const harness = trigger(sandbox, {
			events: ['statusChanged'],
			hosts: ['live.example.com', 'waiting.example.com', 'pointing.example.com'],
			options: { checkDnsActively: true },
		});
		sandbox.clearRequests();
		expect(await harness.poll()).toEqual({ events: null });
		expect(serviceRequests(sandbox).map((entry) => entry.path)).toEqual([
			'/v1/redirects',
			'/v1/redirects/waiting.example.com/status',
			'/v1/redirects/pointing.example.com/status',
		]);

		await setDns(sandbox, 'pointing.example.com', true);
		sandbox.clearRequests();
		const { events } = await harness.poll();
		expect(events!.map((e) => [e.host, e.previousStatus, e.status])).toEqual([
			['pointing.example.com', 'not_configured', 'pending'],
		]);
		expect(serviceRequests(sandbox).map((entry) => entry.path)).toEqual([
			'/v1/redirects',
			'/v1/redirects/waiting.example.com/status',
		]);
	});

	it('without Check DNS Actively the status endpoint is never called', async () => {
		await addRedirect(sandbox, 'waiting.example.com');
		const harness = trigger(sandbox, { events: ['statusChanged'] });
		await harness.poll();
		await harness.poll();
		expect(serviceRequests(sandbox).map((entry) => entry.path)).toEqual([
			'/v1/redirects',
			'/v1/redirects',
		]);
	});
});

describe('list shapes', () => {
	it.each<ListShape>(['wrapped', 'array', 'data'])(
		'works when the list is %s',
		async (listShape) => {
			sandbox.configure({ listShape });
			await addRedirect(sandbox, 'a.example.com', 'active');
			const harness = trigger(sandbox, { events: ['statusChanged', 'newRedirect'] });
			expect(await harness.poll()).toEqual({ events: null });

			await setStatus(sandbox, 'a.example.com', 'error');
			await addRedirect(sandbox, 'b.example.com');
			expect((await harness.poll()).events!.map((e) => [e.event, e.host])).toEqual([
				['statusChanged', 'a.example.com'],
				['newRedirect', 'b.example.com'],
			]);
			expect((await harness.fetchTestEvent())![0][0].json.host).toBe('b.example.com');
		},
	);

	it('an empty account is a baseline too: the first redirect is then new', async () => {
		sandbox.configure({ listShape: 'array' });
		const harness = trigger(sandbox, { events: ['newRedirect'] });
		expect(await harness.poll()).toEqual({ events: null });
		await addRedirect(sandbox, 'first.example.com');
		expect((await harness.poll()).events!.map((e) => e.host)).toEqual(['first.example.com']);
	});
});
