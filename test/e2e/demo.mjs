#!/usr/bin/env node
// One-command demo: `npm run demo` at the repository root.
// Builds the package, starts the sandbox (seeded demo data) and n8n with the package installed from its
// tarball, creates the credential "Redirect Manager (sandbox)", imports the example workflows from
// examples/, prints the URL and the login. Ctrl-C stops everything.
//
// Env: DEMO_PORT (n8n, default 5678), DEMO_SANDBOX_PORT (default 4010, random when taken),
//      DEMO_LISTEN (default 127.0.0.1), E2E_CACHE (runtime cache folder), DEMO_KEEP=1 (keep the temp folder).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
	N8nClient,
	OWNER,
	ROOT_DIR,
	buildAndPack,
	cleanup,
	elapsed,
	ensureRuntime,
	installPackage,
	installSignalHandlers,
	isStopping,
	log,
	onCleanup,
	portIsFree,
	sandboxAdmin,
	startN8n,
	startSandbox,
	timed,
} from './lib/runtime.mjs';

const CREDENTIAL_TYPE = 'redirectManagerApi';
const CREDENTIAL_NAME = 'Redirect Manager (sandbox)';
const EXAMPLES_DIR = path.join(ROOT_DIR, 'examples');
const n8nPort = Number(process.env.DEMO_PORT || 5678);
const listen = process.env.DEMO_LISTEN || '127.0.0.1';

installSignalHandlers({ message: 'Stopping n8n and the sandbox…', exitCode: 0 });

async function main() {
	if (!(await portIsFree(n8nPort, listen))) {
		throw new Error(`port ${n8nPort} is taken: stop what runs there or set DEMO_PORT=<another port>`);
	}
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-redirect-manager-demo-'));
	onCleanup(() => {
		if (process.env.DEMO_KEEP === '1') log(`kept ${tmp}`);
		else fs.rmSync(tmp, { recursive: true, force: true });
	});

	const runtime = await timed('n8n runtime (installed once into the cache)', () => ensureRuntime());
	const { tgz } = await timed('build + npm pack', () => buildAndPack(path.join(tmp, 'pack')));
	const userFolder = path.join(tmp, 'user');
	fs.mkdirSync(userFolder);
	await timed('install the package into n8n (.n8n/nodes)', () => installPackage(userFolder, tgz));

	const wanted = Number(process.env.DEMO_SANDBOX_PORT || 4010);
	const sandboxPort = (await portIsFree(wanted)) ? wanted : 0;
	const sandbox = await timed('start the sandbox (seeded demo data)', () =>
		startSandbox({
			env: { PORT: String(sandboxPort), SEED_DEMO: '1', CERT_DELAY_MS: process.env.CERT_DELAY_MS || '5000' },
			logFile: path.join(tmp, 'sandbox.log'),
		}),
	);
	// The "create a redirect and wait" example uses shop.example.com: pretend its DNS record exists already.
	await sandboxAdmin(sandbox.url, 'POST', '/__admin/dns', { host: 'shop.example.com', pointing: true }).catch(
		(e) => log(`note: could not point shop.example.com at the sandbox: ${e.message}`),
	);

	const n8n = await timed('start n8n', () =>
		startN8n(runtime, { userFolder, port: n8nPort, listen, logFile: path.join(tmp, 'n8n.log') }),
	);
	const client = new N8nClient(n8n.base);
	await client.login();

	const credential = await client.createCredential({
		name: CREDENTIAL_NAME,
		type: CREDENTIAL_TYPE,
		data: { apiKey: 'key_ok', baseUrl: sandbox.url, rateLimit: 60, rateWindowSeconds: 60 },
	});

	const imported = [];
	const types = new Set(
		(
			await client.post('/rest/node-types', {
				nodeInfos: [
					{ name: 'n8n-nodes-redirect-manager.redirectManager', version: 1 },
					{ name: 'n8n-nodes-redirect-manager.redirectManagerTrigger', version: 1 },
				],
			})
		).map((t) => `n8n-nodes-redirect-manager.${t.name.replace(/^.*\./, '')}`),
	);
	for (const file of fs.readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith('.json')).sort()) {
		const wf = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8'));
		const missing = wf.nodes.filter((n) => n.type.startsWith('n8n-nodes-redirect-manager.') && !types.has(n.type));
		if (missing.length) {
			log(`skipped ${file}: this build has no ${missing.map((n) => n.type).join(', ')}`);
			continue;
		}
		for (const node of wf.nodes) {
			if (node.credentials?.[CREDENTIAL_TYPE]) {
				node.credentials[CREDENTIAL_TYPE] = { id: credential.id, name: credential.name };
			}
		}
		const created = await client.createWorkflow(wf);
		imported.push({ name: wf.name, id: created.id, hasTrigger: wf.nodes.some((n) => /Trigger$/.test(n.type) && n.type.startsWith('n8n-nodes-redirect-manager.')) });
	}
	// Publish the alert workflow so its trigger polls the sandbox every minute (the seeded promo.example.com
	// goes live shortly after the first poll, which gives a first execution to look at).
	for (const wf of imported.filter((w) => w.hasTrigger)) {
		await client.publish(wf.id).catch((e) => log(`note: could not publish "${wf.name}": ${e.message}`));
		wf.published = true;
	}

	const url = `http://localhost:${n8nPort}`;
	console.log(`
────────────────────────────────────────────────────────────────
 n8n with n8n-nodes-redirect-manager is running (ready in ${elapsed()})

   Open:      ${url}
   Email:     ${OWNER.email}
   Password:  ${OWNER.password}

 Credential:  "${CREDENTIAL_NAME}" → sandbox ${sandbox.url} (key_ok)
 Workflows:
${imported.map((w) => `   - ${w.name}${w.published ? ' (published: polls every minute)' : ''}  ${url}/workflow/${w.id}`).join('\n')}

 Sandbox control (no auth): ${sandbox.url}/__admin/state?key=key_ok
   e.g. curl -X POST ${sandbox.url}/__admin/status -H 'content-type: application/json' \\
          -d '{"host":"old-brand.example.com","status":"error","errorMessage":"DNS record removed"}'
 Logs: ${path.join(tmp, 'n8n.log')}

 Press Ctrl-C to stop n8n and the sandbox.
────────────────────────────────────────────────────────────────`);

	// stay up until Ctrl-C, or until one of the servers dies
	const died = await Promise.race([
		n8n.handle.exitPromise.then((c) => `n8n exited (${c})`),
		sandbox.handle.exitPromise.then((c) => `the sandbox exited (${c})`),
	]);
	if (isStopping()) await new Promise(() => {}); // Ctrl-C: the signal handler finishes and exits
	throw new Error(`${died}; see ${tmp}`);
}

try {
	await main();
} catch (e) {
	console.error(`demo failed: ${e?.message ?? e}`);
	process.exitCode = 1;
}
await cleanup();
process.exit(process.exitCode ?? 0);
