/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- benchmark only: runs the sandbox in a child process */
// Shared pieces of the benchmark: the sandbox in a child process, its admin API, small statistics.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { request } from 'undici';

import type { RequestLogEntry, SandboxOptions } from '../test/sandbox/server.mjs';

/** The sandbox started with `node bench/sandbox-process.mjs`, driven through its admin API. */
export class SandboxProcess {
	private constructor(
		readonly url: string,
		private readonly child: ChildProcess,
	) {}

	static async start(options: SandboxOptions): Promise<SandboxProcess> {
		// npm scripts and vitest run from the package root
		const script = join(process.cwd(), 'bench', 'sandbox-process.mjs');
		const child = spawn(process.execPath, [script], {
			env: { ...process.env, BENCH_SANDBOX_OPTIONS: JSON.stringify(options) },
			stdio: ['pipe', 'pipe', 'inherit'],
		});
		const lines = createInterface({ input: child.stdout! });
		const url = await new Promise<string>((resolve, reject) => {
			child.once('exit', (code) => reject(new Error(`sandbox exited with code ${code}`)));
			lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
		});
		return new SandboxProcess(url, child);
	}

	async admin<T = unknown>(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown) {
		const res = await request(`${this.url}/__admin/${route}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.body.text();
		if (res.statusCode >= 300) {
			throw new Error(`admin ${method} ${route}: HTTP ${res.statusCode} ${text}`);
		}
		return (text ? JSON.parse(text) : undefined) as T;
	}

	async requests(account?: string): Promise<RequestLogEntry[]> {
		const log = await this.admin<RequestLogEntry[]>('GET', 'requests');
		return account === undefined ? log : log.filter((entry) => entry.account === account);
	}

	async state(key: string) {
		return await this.admin<{ redirects: SandboxRedirect[] }>(
			'GET',
			`state?key=${encodeURIComponent(key)}`,
		);
	}

	async close() {
		if (this.child.exitCode !== null) return;
		await new Promise<void>((resolve) => {
			this.child.once('exit', () => resolve());
			this.child.stdin!.end();
		});
	}
}

export interface SandboxRedirect {
	host: string;
	redirectTo: string;
	paths: Array<{ id: number; fromPath: string; redirectTo: string }>;
	qrCodes: Array<{ id: number; label: string; pathId: number | null }>;
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export const round = (value: number, digits = 3) => Number(value.toFixed(digits));

/** The most requests that arrived within any trailing window (t − windowMs, t]. */
export function maxInWindow(arrivals: number[], windowMs: number): number {
	const sorted = [...arrivals].sort((a, b) => a - b);
	let best = 0;
	let start = 0;
	for (let end = 0; end < sorted.length; end++) {
		while (sorted[start] <= sorted[end] - windowMs) start++;
		best = Math.max(best, end - start + 1);
	}
	return best;
}

export function tally<T>(values: T[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
	return counts;
}
