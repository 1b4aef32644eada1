/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- benchmark only */
// `npm run bench` (full) and `npm run bench:ci` (BENCH_QUICK=1, small N): the transport measured through
// n8n-core's real WorkflowExecute against the sandbox (own process, loopback). See issue 7 and bench/README.md.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CredentialData } from '../test/helpers/n8n';
import { apiRequest } from '../nodes/RedirectManager/transport';
import { runNode } from '../test/helpers/n8n';
import { TriggerHarness } from '../test/helpers/trigger';
import { maxInWindow, median, round, SandboxProcess, tally } from './lib';

const env = (name: string, fallback: number) => {
	const raw = process.env[name];
	return raw === undefined || raw === '' ? fallback : Number(raw);
};

const QUICK = process.env.BENCH_QUICK === '1';
const L = env('BENCH_LIMIT', 20);
const W = env('BENCH_WINDOW_MS', 2000);
const N = env('BENCH_N', (QUICK ? 3 : 15) * L);
const FAULT_QR_ROWS = env('BENCH_FAULT_ROWS', QUICK ? 60 : 300);
const FAULT_REDIRECT_ROWS = QUICK ? 6 : 20;
const FAULT_PATH_ROWS = QUICK ? 10 : 30;
const FAULT_SEED = env('BENCH_FAULT_SEED', 7);
const OVERHEAD_N = env('BENCH_OVERHEAD_N', QUICK ? 100 : 500);
const OVERHEAD_REPS = QUICK ? 1 : 5;
const TRIGGER_COUNTS = [10, 100, 500];
/** results.json only from a complete full run; a quick run or a run of some sections (-t) writes elsewhere. */
const resultsFile = () => {
	const complete = ['throughput', 'baseline', 'faults', 'overhead', 'trigger'].every(
		(key) => key in results,
	);
	const name = QUICK ? 'results.quick.json' : complete ? 'results.json' : 'results.partial.json';
	return join(process.cwd(), 'bench', name);
};

/** One API key (and account) per section, so neither the sandbox's window nor the pacer carries over. */
const KEYS = {
	warmup: 'bench_warmup',
	throughput: 'bench_throughput',
	baseline: 'bench_baseline',
	naive: 'bench_naive',
	faults: 'bench_faults',
	overhead: 'bench_overhead',
} as const;
const triggerKey = (count: number) => `bench_trigger_${count}`;
const email = (key: string) => `${key}@bench.example.com`;
const HOST = {
	throughput: 'throughput.example.com',
	baseline: 'baseline.example.com',
	naive: 'naive.example.com',
	faults: 'faults.example.com',
	overhead: 'overhead.example.com',
};

const results: Record<string, unknown> = {};
let sandbox: SandboxProcess;
const loadBefore = os.loadavg()[0];

function credentials(key: string, rateLimit: number, windowMs: number): CredentialData {
	return { baseUrl: sandbox.url, apiKey: key, rateLimit, rateWindowSeconds: windowMs / 1000 };
}

const locator = (host: string) => ({ __rl: true, mode: 'host', value: host });

const qrCreate = (host: string) => ({
	resource: 'qrCode',
	operation: 'create',
	redirect: locator(host),
	label: '={{ $json.label }}',
	target: 'domain',
	additionalFields: {},
});

const rows = (count: number, json: (i: number) => Record<string, string>): INodeExecutionData[] =>
	Array.from({ length: count }, (_, i) => ({ json: json(i + 1) }));

const failedItems = (items: INodeExecutionData[]) => items.filter((item) => 'error' in item.json);

async function qrCount(key: string, host: string) {
	const { redirects } = await sandbox.state(key);
	return redirects.find((r) => r.host === host)?.qrCodes.length ?? 0;
}

/** QR creations for N rows in ONE execution of the node, with the credential's pacing at (limit, window). */
async function qrRun(key: string, host: string, limit: number) {
	const start = performance.now();
	const { items, error } = await runNode({
		parameters: qrCreate(host),
		credentials: credentials(key, limit, W),
		input: rows(N, (i) => ({ label: `Row ${i}` })),
		continueOnFail: true,
	});
	const wallMs = performance.now() - start;
	if (error) throw error;
	const log = await sandbox.requests(email(key));
	const accepted = log.filter((entry) => entry.status !== 429).map((entry) => entry.at);
	const theoreticalMs = (Math.ceil(N / L) - 1) * W;
	// Where the time beyond T goes, from the arrivals at the server: batch k = requests kL … kL+L−1.
	const arrivals = [...accepted].sort((a, b) => a - b);
	const batchStarts = arrivals.filter((_, i) => i % L === 0);
	const gaps = batchStarts.slice(1).map((at, k) => at - batchStarts[k] - W);
	return {
		n: N,
		limit: L,
		windowMs: W,
		theoreticalMs,
		wallMs: round(wallMs, 1),
		ratio: round(wallMs / theoreticalMs, 4),
		// first to last arrival at the service: the same run seen from the server
		serverSpanMs: log.length ? log[log.length - 1].at - log[0].at : 0,
		created: await qrCount(key, host),
		failed: failedItems(items).length,
		status429: log.filter((entry) => entry.status === 429).length,
		requests: log.length,
		maxInWindow: maxInWindow(accepted, W),
		// per window: how much later than W after the previous batch each batch began (median, max)
		batchDelayMs: gaps.length ? { median: median(gaps), max: Math.max(...gaps) } : null,
		// the last batch's L requests, one after the other (items run sequentially)
		lastBatchMs: arrivals.length
			? arrivals[arrivals.length - 1] - batchStarts[batchStarts.length - 1]
			: 0,
		// arrival offsets of the last batch's requests from its first one (spots a stall in the tail)
		lastBatchOffsetsMs: arrivals
			.slice(batchStarts.length ? (batchStarts.length - 1) * L : 0)
			.map((at) => at - batchStarts[batchStarts.length - 1]),
		// median time from a request's arrival at the server to the next one's, within a batch
		requestSpacingMs: median(
			arrivals
				.slice(1)
				.map((at, i) => at - arrivals[i])
				.filter((gap) => gap < W / 2),
		),
		failureCodes: tally(
			failedItems(items).map(
				(item) => (item.json.details as { code?: string } | undefined)?.code ?? item.json.error,
			),
		),
	};
}

beforeAll(async () => {
	const accounts = [...Object.values(KEYS), ...TRIGGER_COUNTS.map(triggerKey)].map((key) => ({
		key,
		email: email(key),
		plan: 'Bench',
		maxRedirects: 100000,
	}));
	const redirects = (Object.keys(HOST) as Array<keyof typeof HOST>).map((section) => ({
		key: KEYS[section],
		host: HOST[section],
		redirectTo: `https://destination.example.org/${section}`,
	}));
	sandbox = await SandboxProcess.start({
		rateLimit: L,
		rateWindowMs: W,
		rateMode: 'sliding',
		randomSeed: FAULT_SEED,
		seed: { accounts, redirects },
	});
	// first execution in the process: loads and compiles n8n-core's code paths
	await runNode({
		parameters: { resource: 'account', operation: 'get' },
		credentials: credentials(KEYS.warmup, 100000, 1000),
	});
}, 60_000);

afterAll(async () => {
	await sandbox?.close();
	results.machine = {
		cores: os.cpus().length,
		cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
		nodeVersion: process.version,
		platform: `${os.platform()} ${os.release()} ${os.arch()}`,
		totalMemoryGb: round(os.totalmem() / 2 ** 30, 1),
		// other work on the machine during the run (1-minute load average before and after)
		loadAverage: { before: round(loadBefore, 2), after: round(os.loadavg()[0], 2) },
	};
	results.config = { quick: QUICK, limit: L, windowMs: W, n: N, date: new Date().toISOString() };
	const file = resultsFile();
	writeFileSync(file, `${JSON.stringify(results, null, '\t')}\n`);
	process.stdout.write(`${table()}\n`);
	process.stdout.write(`results written to ${file}\n`);
});

describe(`transport benchmark (${QUICK ? 'quick' : 'full'}: L = ${L}, W = ${W} ms, N = ${N})`, () => {
	it('1. throughput at the limit: N QR creations in one execution, pacing at L per W', async () => {
		const throughput = await qrRun(KEYS.throughput, HOST.throughput, L);
		results.throughput = throughput;
		// correctness only; speed is reported, never asserted
		expect(throughput.created).toBe(N);
		expect(throughput.failed).toBe(0);
	});

	it('2. baseline: pacing off (429 retry only) and a naive client (no pacing, no retry)', async () => {
		const paced = await qrRun(KEYS.baseline, HOST.baseline, 0);

		// What n8n's HTTP Request node does by default: every item's request at once, no retry.
		const start = performance.now();
		const statuses = await Promise.all(
			Array.from({ length: N }, async (_, i) => {
				const res = await request(`${sandbox.url}/v1/redirects/${HOST.naive}/qr-codes`, {
					method: 'POST',
					headers: {
						authorization: `Bearer ${KEYS.naive}`,
						'content-type': 'application/json',
					},
					body: JSON.stringify({ label: `Row ${i + 1}` }),
				});
				await res.body.dump();
				return res.statusCode;
			}),
		);
		const naiveWallMs = performance.now() - start;
		const naive = {
			mode: 'all items at once (HTTP Request node defaults)',
			wallMs: round(naiveWallMs, 1),
			created: await qrCount(KEYS.naive, HOST.naive),
			failed: statuses.filter((status) => status >= 300).length,
			status429: statuses.filter((status) => status === 429).length,
		};
		results.baseline = {
			status429: paced.status429,
			failed: paced.failed,
			created: paced.created,
			wallMs: paced.wallMs,
			ratio: paced.ratio,
			requests: paced.requests,
			naive,
		};
		expect(paced.created + paced.failed).toBeGreaterThanOrEqual(N);
	});

	it('3. faults: 10 % 503, 3 % lost after acting, 2 % reset; no duplicates, no lost rows', async () => {
		await sandbox.admin('POST', 'config', { rateLimit: 1_000_000, rateWindowMs: 1000 });
		await sandbox.admin('DELETE', 'faults');
		// Rules are checked in order and each draws from the seeded PRNG, so the later rules' chances are
		// conditional: these give marginal rates of 10 %, 1.5 % + 1.5 % (lost after acting) and 2 %.
		const rules = [
			{ kind: 'status', status: 503, probability: 0.1, retryAfter: 0, seed: FAULT_SEED },
			{ kind: 'status', status: 502, after: true, probability: 0.015 / 0.9 },
			{ kind: 'reset', after: true, probability: 0.015 / 0.885 },
			{ kind: 'reset', probability: 0.02 / 0.87 },
		];
		for (const rule of rules) await sandbox.admin('POST', 'faults', rule);

		const cred = credentials(KEYS.faults, 100000, 1000);
		const qr = await runNode({
			parameters: qrCreate(HOST.faults),
			credentials: cred,
			input: rows(FAULT_QR_ROWS, (i) => ({ label: `Fault row ${i}` })),
			continueOnFail: true,
		});
		const redirect = await runNode({
			parameters: {
				resource: 'redirect',
				operation: 'create',
				host: '={{ $json.host }}',
				redirectTo: '={{ $json.redirectTo }}',
				additionalFields: {},
			},
			credentials: cred,
			input: rows(FAULT_REDIRECT_ROWS, (i) => ({
				host: `fault-${i}.example.com`,
				redirectTo: `https://destination.example.org/fault-${i}`,
			})),
			continueOnFail: true,
		});
		const path = await runNode({
			parameters: {
				resource: 'path',
				operation: 'create',
				redirect: locator(HOST.faults),
				fromPath: '={{ $json.fromPath }}',
				redirectTo: '={{ $json.redirectTo }}',
				additionalFields: {},
			},
			credentials: cred,
			input: rows(FAULT_PATH_ROWS, (i) => ({
				fromPath: `/fault-${i}`,
				redirectTo: `/landing/${i}`,
			})),
			continueOnFail: true,
		});
		await sandbox.admin('DELETE', 'faults');
		for (const run of [qr, redirect, path]) if (run.error) throw run.error;

		const { redirects } = await sandbox.state(KEYS.faults);
		const faultsRedirect = redirects.find((r) => r.host === HOST.faults)!;
		const kinds = {
			qrCode: check(
				qr.items,
				FAULT_QR_ROWS,
				(i) => `Fault row ${i}`,
				faultsRedirect.qrCodes.map((code) => ({ key: code.label, id: code.id })),
				(json) => ({ key: String(json.label), id: json.id }),
			),
			redirect: check(
				redirect.items,
				FAULT_REDIRECT_ROWS,
				(i) => `fault-${i}.example.com`,
				redirects.map((r) => ({ key: r.host, id: r.host })),
				(json) => ({ key: String(json.host), id: json.host }),
			),
			path: check(
				path.items,
				FAULT_PATH_ROWS,
				(i) => `/fault-${i}`,
				faultsRedirect.paths.map((p) => ({ key: p.fromPath.toLowerCase(), id: p.id })),
				(json) => ({ key: String(json.fromPath).toLowerCase(), id: json.id }),
			),
		};
		const sum = (field: 'rows' | 'succeeded' | 'failed' | 'duplicates' | 'lost') =>
			Object.values(kinds).reduce((total, kind) => total + kind[field], 0);
		const log = await sandbox.requests(email(KEYS.faults));
		const faults = {
			rows: sum('rows'),
			succeeded: sum('succeeded'),
			failed: sum('failed'),
			duplicates: sum('duplicates'),
			lost: sum('lost'),
			byKind: kinds,
			requests: log.length,
			injected: tally(log.filter((entry) => entry.fault).map((entry) => entry.fault)),
			injectedOnCreates: tally(
				log.filter((entry) => entry.fault && entry.method === 'POST').map((entry) => entry.fault),
			),
		};
		results.faults = faults;
		expect(faults.duplicates).toBe(0);
		expect(faults.lost).toBe(0);
	});

	it('3b. faults, undecidable: creation answer lost and the read-back keeps failing → clear error, no retry', async () => {
		// Each creation acts and then loses its answer; every read-back of the QR list answers 503, so the
		// transport cannot tell whether it happened. It must report that instead of creating again.
		const rowCount = 3;
		await sandbox.admin('DELETE', 'faults');
		await sandbox.admin('POST', 'faults', {
			kind: 'reset',
			after: true,
			methods: ['POST'],
			count: rowCount,
		});
		await sandbox.admin('POST', 'faults', {
			status: 503,
			retryAfter: 0,
			probability: 1,
			methods: ['GET'],
			pathPrefix: `/v1/redirects/${HOST.faults}/qr-codes`,
		});
		const run = await runNode({
			parameters: qrCreate(HOST.faults),
			credentials: credentials(KEYS.faults, 100000, 1000),
			input: rows(rowCount, (i) => ({ label: `Undecided row ${i}` })),
			continueOnFail: true,
		});
		await sandbox.admin('DELETE', 'faults');
		if (run.error) throw run.error;
		const { redirects } = await sandbox.state(KEYS.faults);
		const codes = redirects.find((r) => r.host === HOST.faults)!.qrCodes;
		const undecided = check(
			run.items,
			rowCount,
			(i) => `Undecided row ${i}`,
			codes.map((code) => ({ key: code.label, id: code.id })),
			(json) => ({ key: String(json.label), id: json.id }),
		);
		const faults = results.faults as Record<string, unknown>;
		faults.undecidable = undecided;
		expect(undecided.duplicates).toBe(0);
		expect(undecided.lost).toBe(0);
		expect(undecided.failed).toBe(rowCount);
		await sandbox.admin('POST', 'config', { rateLimit: L, rateWindowMs: W });
	});

	it('4. overhead: GETs through the node vs. raw undici requests (no rate limit)', async () => {
		await sandbox.admin('POST', 'config', { rateLimit: 1_000_000, rateWindowMs: 1000 });
		const cred = credentials(KEYS.overhead, 1_000_000, 1000);
		const url = `${sandbox.url}/v1/redirects/${HOST.overhead}`;
		const timeNode = async (count: number, nodeType?: INodeType) => {
			const start = performance.now();
			const { items, error } = await runNode({
				parameters: { resource: 'redirect', operation: 'get', redirect: locator(HOST.overhead) },
				credentials: cred,
				input: rows(count, () => ({})),
				nodeType,
			});
			const ms = performance.now() - start;
			if (error) throw error;
			if (items.length !== count || items.some((item) => item.json.host !== HOST.overhead)) {
				throw new Error('overhead: an item did not read the redirect');
			}
			return ms;
		};
		const timeRaw = async (count: number, newConnection: boolean) => {
			const start = performance.now();
			for (let i = 0; i < count; i++) {
				const res = await request(url, {
					headers: { authorization: `Bearer ${KEYS.overhead}` },
					reset: newConnection,
				});
				const body = (await res.body.json()) as { host?: string };
				if (res.statusCode !== 200 || body.host !== HOST.overhead) {
					throw new Error(`raw GET: HTTP ${res.statusCode}`);
				}
			}
			return performance.now() - start;
		};
		const variants: Record<string, (count: number) => Promise<number>> = {
			node: async (count) => await timeNode(count),
			transportOnly: async (count) => await timeNode(count, plainGetNode(url, true)),
			engineFloor: async (count) => await timeNode(count, plainGetNode(url)),
			raw: async (count) => await timeRaw(count, false),
			rawNewConnection: async (count) => await timeRaw(count, true),
		};
		const times: Record<string, number[]> = {};
		for (const [name, run] of Object.entries(variants)) {
			await run(Math.min(100, OVERHEAD_N)); // warm-up
			times[name] = [];
		}
		for (let rep = 0; rep < OVERHEAD_REPS; rep++) {
			for (const [name, run] of Object.entries(variants)) times[name].push(await run(OVERHEAD_N));
		}
		const ms = (name: string) => median(times[name]);
		const us = (name: string) => round((ms(name) * 1000) / OVERHEAD_N, 0);
		results.overhead = {
			requests: OVERHEAD_N,
			reps: OVERHEAD_REPS,
			nodeMs: round(ms('node'), 1),
			rawMs: round(ms('raw'), 1),
			ratio: round(ms('node') / ms('raw'), 2),
			usPerRequest: {
				node: us('node'),
				transportOnly: us('transportOnly'),
				engineFloor: us('engineFloor'),
				rawNewConnection: us('rawNewConnection'),
				raw: us('raw'),
			},
			// engineFloor: a minimal node calling n8n's httpRequestWithAuthentication per item;
			// transportOnly: the same minimal node calling this package's apiRequest (pacing on)
			nodeVsEngineFloor: round(ms('node') / ms('engineFloor'), 2),
			transportVsEngineFloor: round(ms('transportOnly') / ms('engineFloor'), 2),
			nodeVsRawNewConnection: round(ms('node') / ms('rawNewConnection'), 2),
			engineFloorVsRaw: round(ms('engineFloor') / ms('raw'), 2),
		};
		await sandbox.admin('POST', 'config', { rateLimit: L, rateWindowMs: W });
	});

	it('5. trigger cost: requests per poll with 10, 100 and 500 redirects', async () => {
		await sandbox.admin('POST', 'config', { rateLimit: 1_000_000, rateWindowMs: 1000 });
		const trigger = await triggerCost();
		results.trigger = trigger;
		await sandbox.admin('POST', 'config', { rateLimit: L, rateWindowMs: W });
	});
});

/**
 * The floor of the overhead: a node that does nothing but call n8n's own
 * helpers.httpRequestWithAuthentication per item (no pacing, retries, parameters or validation),
 * run through the same WorkflowExecute — what any node built on n8n's HTTP helpers pays.
 */
function plainGetNode(url: string, viaTransport = false): INodeType {
	return {
		description: {
			displayName: 'Plain GET',
			name: 'plainGet',
			group: ['transform'],
			version: 1,
			description: 'Benchmark floor',
			defaults: { name: 'Plain GET' },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: 'redirectManagerApi', required: true }],
			properties: [],
		},
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const out: INodeExecutionData[] = [];
			for (let i = 0; i < this.getInputData().length; i++) {
				const json = viaTransport
					? await apiRequest.call(this, { method: 'GET', path: new URL(url).pathname.slice(3) })
					: ((await this.helpers.httpRequestWithAuthentication.call(this, 'redirectManagerApi', {
							method: 'GET',
							url,
							json: true,
						})) as IDataObject);
				out.push({ json, pairedItem: { item: i } });
			}
			return [out];
		},
	};
}

interface KindCheck {
	rows: number;
	succeeded: number;
	failed: number;
	/** keys (label, host, fromPath) that exist more than once */
	duplicates: number;
	/** rows neither existing exactly once (as the item that reported success) nor reported failed */
	lost: number;
	/** rows reported failed that do exist once (the transport could not decide and said so) */
	failedButCreated: number;
	failureCodes: Record<string, number>;
	failureSample?: string;
}

/** Checks every input row against the sandbox's state: exactly once if it succeeded, reported if not. */
function check(
	items: INodeExecutionData[],
	rowCount: number,
	keyOf: (row: number) => string,
	existing: Array<{ key: string; id: unknown }>,
	fromItem: (json: INodeExecutionData['json']) => { key: string; id: unknown },
): KindCheck {
	const byKey = new Map<string, unknown[]>();
	for (const record of existing)
		byKey.set(record.key, [...(byKey.get(record.key) ?? []), record.id]);
	const result: KindCheck = {
		rows: rowCount,
		succeeded: 0,
		failed: 0,
		duplicates: 0,
		lost: 0,
		failedButCreated: 0,
		failureCodes: {},
	};
	const failures: INodeExecutionData[] = [];
	for (let row = 1; row <= rowCount; row++) {
		const key = keyOf(row);
		const ids = byKey.get(key) ?? [];
		if (ids.length > 1) result.duplicates++;
		const item = items.find((candidate) => {
			const paired = candidate.pairedItem;
			return !Array.isArray(paired) && typeof paired === 'object' && paired.item === row - 1;
		});
		if (item && 'error' in item.json) {
			result.failed++;
			failures.push(item);
			if (ids.length === 1) result.failedButCreated++;
			continue;
		}
		const reported = item ? fromItem(item.json) : undefined;
		if (reported && reported.key === key && ids.length === 1 && ids[0] === reported.id) {
			result.succeeded++;
		} else {
			result.lost++;
		}
	}
	result.failureCodes = tally(
		failures.map((item) => (item.json.details as { code?: string } | undefined)?.code ?? 'no code'),
	);
	if (failures.length) result.failureSample = String(failures[0].json.error);
	return result;
}

/**
 * Requests per scheduled poll of the trigger (default options), counted in the sandbox's log: a first
 * poll (records the baseline), then polls after one and after ten redirects changed status.
 */
async function triggerCost() {
	const requestsPerPoll: Record<string, number> = {};
	const polls: Record<string, Array<{ requests: number; events: number }>> = {};
	for (const count of TRIGGER_COUNTS) {
		const key = triggerKey(count);
		await sandbox.admin('POST', 'redirects', { key, count, prefix: `trigger${count}-` });
		const harness = new TriggerHarness({
			parameters: { events: ['statusChanged'], hosts: [], options: {} },
			credentials: credentials(key, 1_000_000, 1000),
		});
		const perPoll: Array<{ requests: number; events: number }> = [];
		const poll = async () => {
			const before = (await sandbox.requests(email(key))).length;
			const outcome = await harness.poll();
			if (outcome.error) throw outcome.error;
			const requests = (await sandbox.requests(email(key))).length - before;
			perPoll.push({ requests, events: outcome.events?.length ?? 0 });
		};
		await poll();
		// then one redirect becomes active, then ten more (hosts trigger<count>-1 … -11)
		let next = 1;
		for (const changed of [1, 10]) {
			for (let i = 0; i < changed && next <= count; i++, next++) {
				await sandbox.admin('POST', 'status', {
					host: `trigger${count}-${next}.example.com`,
					status: 'active',
				});
			}
			await poll();
		}
		requestsPerPoll[count] = Math.max(...perPoll.map((p) => p.requests));
		polls[count] = perPoll;
	}
	return { requestsPerPoll, polls };
}

function table(): string {
	const lines: Array<[string, string, string]> = [];
	const add = (figure: string, value: unknown, goal = '') =>
		lines.push([figure, value === undefined ? 'n/a' : String(value), goal]);
	const tp = results.throughput as Record<string, unknown> | undefined;
	const base = results.baseline as Record<string, Record<string, unknown>> | undefined;
	const faults = results.faults as Record<string, unknown> | undefined;
	const overhead = results.overhead as Record<string, unknown> | undefined;
	const trigger = (results.trigger as { requestsPerPoll: Record<string, number> } | undefined)
		?.requestsPerPoll;
	add(`Throughput: wall / T (N = ${N}, L = ${L}, W = ${W / 1000} s)`, tp?.ratio, '≤ 1.02');
	add('  wall ms / T ms', tp && `${tp.wallMs} / ${tp.theoreticalMs}`);
	add('  server span (first → last arrival) ms', tp?.serverSpanMs);
	add(
		'  QR codes created / items failed / 429s',
		tp && `${tp.created} / ${tp.failed} / ${tp.status429}`,
		`${N} / 0 / 0`,
	);
	add('  most requests in any W window (server)', tp?.maxInWindow, `≤ ${L}`);
	const delay = tp?.batchDelayMs as { median: number; max: number } | undefined;
	add('  batch delay beyond W, median / max ms', delay && `${delay.median} / ${delay.max}`);
	add('  last batch ms / request spacing ms', tp && `${tp.lastBatchMs} / ${tp.requestSpacingMs}`);
	add(
		'Baseline, pacing off: 429s / failed / created',
		base && `${base.status429} / ${base.failed} / ${base.created}`,
	);
	add('  wall / T', base?.ratio);
	add(
		'Baseline, naive client: 429s / failed / created',
		base && `${base.naive.status429} / ${base.naive.failed} / ${base.naive.created}`,
	);
	add(
		`Faults: rows succeeded / failed (of ${faults?.rows})`,
		faults && `${faults.succeeded} / ${faults.failed}`,
	);
	add('  duplicates in the sandbox', faults?.duplicates, '0');
	add('  lost rows', faults?.lost, '0');
	add('  faults injected (all requests)', faults && JSON.stringify(faults.injected));
	add('  of which on creations (POST)', faults && JSON.stringify(faults.injectedOnCreates));
	const undecidable = faults?.undecidable as KindCheck | undefined;
	add(
		'Undecidable creations: failed / exist once / dup. / lost',
		undecidable &&
			`${undecidable.failed} / ${undecidable.failedButCreated} / ${undecidable.duplicates} / ${undecidable.lost}`,
		`${undecidable?.rows} / any / 0 / 0`,
	);
	add('  error codes', undecidable && JSON.stringify(undecidable.failureCodes));
	add(`Overhead: node / raw undici (${overhead?.requests} GETs)`, overhead?.ratio, '≤ 2');
	const us = overhead?.usPerRequest as Record<string, number> | undefined;
	add(
		'  µs/request: node / transport only / n8n HTTP helper',
		us && `${us.node} / ${us.transportOnly} / ${us.engineFloor}`,
	);
	add(
		'  µs/request: raw new connection / raw keep-alive',
		us && `${us.rawNewConnection} / ${us.raw}`,
	);
	for (const count of TRIGGER_COUNTS) {
		add(`Trigger: requests per poll, ${count} redirects`, trigger?.[count] ?? 'null', '1');
	}
	const width = [0, 1, 2].map((col) => Math.max(...lines.map((line) => line[col].length), 6));
	const format = (line: string[]) => line.map((cell, col) => cell.padEnd(width[col])).join(' | ');
	return [
		format(['Figure', 'Value', 'Goal']),
		format(width.map((w) => '-'.repeat(w))),
		...lines.map(format),
	].join('\n');
}
