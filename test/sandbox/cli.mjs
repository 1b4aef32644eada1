#!/usr/bin/env node
// Starts the sandbox from the command line. First stdout line: {"url":"http://127.0.0.1:PORT"}.
// Env: PORT (0 = random), RATE_LIMIT, RATE_WINDOW_MS, RATE_MODE, CERT_DELAY_MS, LIST_SHAPE, RANDOM_SEED, SEED_DEMO=1.
import { startSandbox } from './server.mjs';

function intEnv(name) {
	const raw = process.env[name];
	if (raw === undefined || raw === '') return undefined;
	if (!/^\d+$/.test(raw)) {
		console.error(`${name} must be a non-negative integer, got ${JSON.stringify(raw)}`);
		process.exit(2);
	}
	return Number(raw);
}

function strEnv(name) {
	const raw = process.env[name];
	return raw === undefined || raw === '' ? undefined : raw;
}

/** Demo data for key_ok (part of the seed, so POST /__admin/reset restores it). */
const DEMO_SEED = {
	redirects: [
		{
			key: 'key_ok',
			host: 'promo.example.com',
			redirectTo: 'https://www.example.org/spring-sale',
			dnsPointing: true, // goes pending on the next status check or read, then active
			paths: [
				{ fromPath: '/spring', redirectTo: '/sale/spring' },
				{
					fromPath: '/partner',
					redirectTo: 'https://partner.example.net/welcome',
					absolute: true,
					statusCode: 302,
				},
			],
			qrCodes: [
				{ label: 'Poster (domain)' },
				{ label: 'Flyer spring', fromPath: '/spring', color: '#1A73E8', format: 'svg' },
			],
		},
		{
			key: 'key_ok',
			host: 'old-brand.example.com',
			redirectTo: 'https://www.example.org/',
			redirectType: 302,
			followQueryString: false,
			status: 'active',
		},
	],
};

// Signal handlers first, so a signal that arrives right after the URL line is handled.
/** @type {import('./server.d.mts').Sandbox | undefined} */
let sandbox;
let stopping = false;
const stop = () => {
	if (stopping) return;
	stopping = true;
	setTimeout(() => process.exit(0), 2000).unref();
	if (!sandbox) process.exit(0);
	sandbox.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

sandbox = await startSandbox({
	port: intEnv('PORT') ?? 0,
	rateLimit: intEnv('RATE_LIMIT'),
	rateWindowMs: intEnv('RATE_WINDOW_MS'),
	rateMode: strEnv('RATE_MODE'),
	certDelayMs: intEnv('CERT_DELAY_MS'),
	listShape: strEnv('LIST_SHAPE'),
	randomSeed: intEnv('RANDOM_SEED'),
	seed: process.env.SEED_DEMO === '1' ? DEMO_SEED : undefined,
}).catch((err) => {
	console.error(`sandbox failed to start: ${err.message}`);
	process.exit(1);
});

if (!stopping) process.stdout.write(`${JSON.stringify({ url: sandbox.url })}\n`);
