import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Sandbox } from '../sandbox/server.mjs';
import {
	addRedirect,
	DAY_MS,
	deleteRedirect,
	serviceRequests,
	serviceTime,
	setCertificate,
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

const ALL_EVENTS = [
	'statusChanged',
	'becameActive',
	'becameErrorOrDisabled',
	'newRedirect',
	'redirectDeleted',
	'certificateExpiring',
];

async function baseline(parameters: Record<string, unknown>) {
	const harness = trigger(sandbox, parameters as never);
	const first = await harness.poll();
	expect(first.error).toBeUndefined();
	expect(first.events).toBeNull();
	return harness;
}

describe('baseline and quiet polls', () => {
	it('stores every redirect on the first poll and emits nothing, then stays quiet', async () => {
		await addRedirect(sandbox, 'a.example.com', 'active');
		await addRedirect(sandbox, 'b.example.com');
		const harness = await baseline({ events: ALL_EVENTS });

		const stored = harness.savedStaticData()['node:Redirect Manager Trigger'] as {
			redirects: Record<string, { status: string }>;
		};
		expect(Object.keys(stored.redirects).sort()).toEqual(['a.example.com', 'b.example.com']);
		expect(stored.redirects['a.example.com'].status).toBe('active');

		sandbox.clearRequests();
		expect(await harness.poll()).toEqual({ events: null });
		expect(await harness.poll()).toEqual({ events: null });
		expect(serviceRequests(sandbox).map((entry) => entry.path)).toEqual([
			'/v1/redirects',
			'/v1/redirects',
		]);
	});
});

describe('each event kind', () => {
	it('Status Changed: any change, with the previous status and the error message', async () => {
		await addRedirect(sandbox, 'a.example.com', 'active');
		const harness = await baseline({ events: ['statusChanged'] });
		await setStatus(sandbox, 'a.example.com', 'error', 'DNS no longer points here');

		const { events } = await harness.poll();
		expect(events).toHaveLength(1);
		expect(events![0]).toMatchObject({
			event: 'statusChanged',
			host: 'a.example.com',
			previousStatus: 'active',
			status: 'error',
			errorMessage: 'DNS no longer points here',
			redirect: { host: 'a.example.com', status: 'error' },
		});
		expect(new Date(events![0].detectedAt as string).toISOString()).toBe(events![0].detectedAt);
		expect(JSON.stringify(events)).not.toContain('key_ok');
		expect((await harness.poll()).events).toBeNull();
	});

	it('Became Active: reports only changes into active, with the certificate expiry', async () => {
		await addRedirect(sandbox, 'a.example.com');
		await addRedirect(sandbox, 'b.example.com', 'active');
		const harness = await baseline({ events: ['becameActive'] });
		await setStatus(sandbox, 'a.example.com', 'active');
		await setStatus(sandbox, 'b.example.com', 'disabled');

		const { events } = await harness.poll();
		expect(events).toHaveLength(1);
		expect(events![0]).toMatchObject({
			event: 'becameActive',
			host: 'a.example.com',
			previousStatus: 'not_configured',
			status: 'active',
		});
		expect(Date.parse(events![0].certificateExpiresAt as string)).toBeGreaterThan(Date.now());
	});

	it('Became Active through the real state machine (DNS, then certificate issuance)', async () => {
		await addRedirect(sandbox, 'a.example.com');
		const harness = await baseline({ events: ['becameActive', 'statusChanged'] });
		await setDns(sandbox, 'a.example.com', true);

		const seen: Array<Record<string, unknown>> = [];
		const deadline = Date.now() + 5_000;
		while (!seen.some((e) => e.event === 'becameActive') && Date.now() < deadline) {
			const { events, error } = await harness.poll();
			expect(error).toBeUndefined();
			seen.push(...(events ?? []));
		}
		expect(seen.map((e) => [e.event, e.previousStatus, e.status])).toEqual([
			['statusChanged', 'not_configured', 'pending'],
			['becameActive', 'pending', 'active'],
		]);
	});

	it('Went to Error or Disabled: one item per change, as the most specific selected kind', async () => {
		await addRedirect(sandbox, 'a.example.com', 'active');
		await addRedirect(sandbox, 'b.example.com', 'active');
		await addRedirect(sandbox, 'c.example.com', 'error');
		const harness = await baseline({ events: ['statusChanged', 'becameErrorOrDisabled'] });
		await setStatus(sandbox, 'a.example.com', 'error');
		await setStatus(sandbox, 'b.example.com', 'disabled');
		await setStatus(sandbox, 'c.example.com', 'active');

		const { events } = await harness.poll();
		expect(events!.map((e) => [e.host, e.event, e.previousStatus, e.status])).toEqual([
			['a.example.com', 'becameErrorOrDisabled', 'active', 'error'],
			['b.example.com', 'becameErrorOrDisabled', 'active', 'disabled'],
			['c.example.com', 'statusChanged', 'error', 'active'],
		]);
		expect(events![0].errorMessage).toBe('The domain could not be verified');
	});

	it('New Redirect: a host not seen before', async () => {
		await addRedirect(sandbox, 'a.example.com', 'active');
		const harness = await baseline({ events: ['newRedirect', 'statusChanged'] });
		await addRedirect(sandbox, 'new.example.com');

		const { events } = await harness.poll();
		expect(events).toEqual([
			expect.objectContaining({
				event: 'newRedirect',
				host: 'new.example.com',
				previousStatus: null,
				status: 'not_configured',
				redirect: expect.objectContaining({ host: 'new.example.com', dns: expect.any(Object) }),
			}),
		]);
		expect((await harness.poll()).events).toBeNull();
	});

	it('Redirect Deleted: a known host missing from the list, reported once and forgotten', async () => {
		await addRedirect(sandbox, 'a.example.com', 'active');
		await addRedirect(sandbox, 'gone.example.com', 'active');
		const harness = await baseline({ events: ['redirectDeleted'] });
		await deleteRedirect(sandbox, 'gone.example.com');

		const { events } = await harness.poll();
		expect(events).toEqual([
			expect.objectContaining({
				event: 'redirectDeleted',
				host: 'gone.example.com',
				previousStatus: 'active',
				status: null,
				redirect: expect.objectContaining({
					host: 'gone.example.com',
					redirectTo: 'https://destination.example.org/',
				}),
			}),
		]);
		expect((await harness.poll()).events).toBeNull();
		const stored = harness.savedStaticData()['node:Redirect Manager Trigger'] as {
			redirects: Record<string, unknown>;
		};
		expect(Object.keys(stored.redirects)).toEqual(['a.example.com']);
	});

	it('Certificate Expiring: once per certificate inside the window, again after a renewal', async () => {
		await addRedirect(sandbox, 'a.example.com', 'active');
		await addRedirect(sandbox, 'b.example.com', 'active');
		await setCertificate(sandbox, 'b.example.com', serviceTime(Date.now() + 30 * DAY_MS));
		const harness = await baseline({ events: ['certificateExpiring'], certificateExpiryDays: 14 });
		expect((await harness.poll()).events).toBeNull();

		const soon = serviceTime(Date.now() + 5 * DAY_MS + 3_600_000);
		await setCertificate(sandbox, 'a.example.com', soon);
		const { events } = await harness.poll();
		expect(events).toEqual([
			expect.objectContaining({
				event: 'certificateExpiring',
				host: 'a.example.com',
				previousStatus: 'active',
				status: 'active',
				certificateExpiresAt: `${soon}.000Z`,
				daysUntilExpiry: 5,
			}),
		]);
		expect((await harness.poll()).events).toBeNull();

		// Renewed, but to a certificate that is again short-lived: a new certificate, a new event.
		await setCertificate(sandbox, 'a.example.com', serviceTime(Date.now() + 10 * DAY_MS));
		expect((await harness.poll()).events).toEqual([
			expect.objectContaining({ host: 'a.example.com', daysUntilExpiry: 9 }),
		]);
		// Renewed for 90 days: quiet.
		await setCertificate(sandbox, 'a.example.com', serviceTime(Date.now() + 90 * DAY_MS));
		expect((await harness.poll()).events).toBeNull();
	});

	it('Certificate Expiring honours the number of days and any timestamp format', async () => {
		await addRedirect(sandbox, 'a.example.com', 'active');
		await addRedirect(sandbox, 'b.example.com', 'active');
		await addRedirect(sandbox, 'c.example.com', 'active');
		const in20Days = Date.now() + 20 * DAY_MS;
		await setCertificate(sandbox, 'a.example.com', new Date(in20Days).toISOString());
		await setCertificate(sandbox, 'b.example.com', new Date(in20Days).toISOString().slice(0, 10));
		await setCertificate(
			sandbox,
			'c.example.com',
			serviceTime(Date.now() + 40 * DAY_MS) + '+02:00',
		);
		const harness = await baseline({ events: ['certificateExpiring'], certificateExpiryDays: 30 });

		const { events } = await harness.poll();
		expect(events!.map((e) => [e.host, e.daysUntilExpiry])).toEqual([
			['a.example.com', 19],
			['b.example.com', 19],
		]);
	});
});

describe('changes between polls', () => {
	it('reports the net change of a host once (not_configured → pending → active)', async () => {
		await addRedirect(sandbox, 'a.example.com');
		const harness = await baseline({ events: ['statusChanged'] });
		await setStatus(sandbox, 'a.example.com', 'pending');
		await setStatus(sandbox, 'a.example.com', 'active');

		const { events } = await harness.poll();
		expect(events!.map((e) => [e.host, e.previousStatus, e.status])).toEqual([
			['a.example.com', 'not_configured', 'active'],
		]);
	});

	it('reports nothing when a host went away and back to the same status', async () => {
		await addRedirect(sandbox, 'a.example.com', 'active');
		const harness = await baseline({ events: ['statusChanged'] });
		await setStatus(sandbox, 'a.example.com', 'error');
		await setStatus(sandbox, 'a.example.com', 'active');
		expect((await harness.poll()).events).toBeNull();
	});
});

describe('hosts filter', () => {
	it('reports only the chosen hosts but remembers all, so widening the filter brings no flood', async () => {
		await addRedirect(sandbox, 'a.example.com', 'active');
		await addRedirect(sandbox, 'b.example.com', 'active');
		const harness = await baseline({
			events: ['statusChanged', 'redirectDeleted'],
			hosts: ['A.example.com'],
		});
		await setStatus(sandbox, 'a.example.com', 'error');
		await setStatus(sandbox, 'b.example.com', 'error');

		const { events } = await harness.poll();
		expect(events!.map((e) => e.host)).toEqual(['a.example.com']);

		const widened = harness.restart({ events: ['statusChanged', 'redirectDeleted'], hosts: [] });
		expect((await widened.poll()).events).toBeNull();
		await setStatus(sandbox, 'b.example.com', 'active');
		expect((await widened.poll()).events!.map((e) => e.host)).toEqual(['b.example.com']);
	});
});

describe('Fetch Test Event (manual mode)', () => {
	it('returns the most recently created redirect as a sample and leaves the state alone', async () => {
		const now = Date.now();
		// The sandbox stamps createdAt with the clock of this process: spread the creations in time,
		// and list the newest one in the middle so only createdAt can tell.
		vi.useFakeTimers({ toFake: ['Date'] });
		try {
			vi.setSystemTime(now - 120_000);
			await addRedirect(sandbox, 'older.example.com', 'active');
			vi.setSystemTime(now - 60_000);
			await addRedirect(sandbox, 'newest.example.com', 'active');
			vi.setSystemTime(now - 180_000);
			await addRedirect(sandbox, 'oldest.example.com');
		} finally {
			vi.useRealTimers();
		}
		const harness = await baseline({ events: ['becameActive', 'statusChanged'] });
		await setStatus(sandbox, 'older.example.com', 'error');
		const before = harness.savedStaticData();

		const sample = await harness.fetchTestEvent();
		expect(sample).toHaveLength(1);
		expect(sample![0]).toHaveLength(1);
		expect(sample![0][0].json).toMatchObject({
			event: 'becameActive',
			host: 'newest.example.com',
			previousStatus: null,
			status: 'active',
			redirect: expect.objectContaining({ host: 'newest.example.com' }),
			certificateExpiresAt: expect.any(String),
			daysUntilExpiry: expect.any(Number),
		});
		expect(harness.savedStaticData()).toEqual(before);
		// The real poll after the sample still reports the change made before it.
		expect((await harness.poll()).events!.map((e) => e.host)).toEqual(['older.example.com']);
	});

	it('returns null when the account has no redirects', async () => {
		const harness = trigger(sandbox, { events: ['statusChanged'] });
		expect(await harness.fetchTestEvent()).toBeNull();
		expect(harness.savedStaticData()).toEqual({});
	});
});
