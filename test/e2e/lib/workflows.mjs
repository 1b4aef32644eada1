// Test workflows for the e2e suite: each is "Webhook (POST /e2e-<name>) → one node", answering with the
// last node's items. Parameters come from the webhook body through expressions, so one workflow per
// operation serves every case.
import { randomUUID } from 'node:crypto';

export const NODE_TYPE = 'n8n-nodes-redirect-manager.redirectManager';
export const TRIGGER_TYPE = 'n8n-nodes-redirect-manager.redirectManagerTrigger';
export const CREDENTIAL_TYPE = 'redirectManagerApi';

const body = (field) => `={{ $json.body.${field} }}`;
const byHost = (value) => ({ __rl: true, mode: 'host', value });
const byId = (value) => ({ __rl: true, mode: 'id', value });

export function webhookNode(path) {
	return {
		id: randomUUID(),
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: randomUUID(),
		parameters: {
			httpMethod: 'POST',
			path,
			responseMode: 'lastNode',
			responseData: 'allEntries',
			options: {},
		},
	};
}

export function redirectManagerNode(parameters, credential, extra = {}) {
	return {
		id: randomUUID(),
		name: 'Redirect Manager',
		type: NODE_TYPE,
		typeVersion: 1,
		position: [260, 0],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: credential.id, name: credential.name } },
		...extra,
	};
}

function chain(name, nodes) {
	const connections = {};
	for (let i = 0; i < nodes.length - 1; i++) {
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	}
	return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}

/** operation key → node parameters (expressions read the webhook body). */
export const OPERATIONS = {
	'account-get': { resource: 'account', operation: 'get' },
	'redirect-create': {
		resource: 'redirect',
		operation: 'create',
		host: body('host'),
		redirectTo: body('redirectTo'),
		additionalFields: { redirectType: 302, followQueryString: false },
	},
	'redirect-get': { resource: 'redirect', operation: 'get', redirect: byHost(body('host')) },
	'redirect-getAll': { resource: 'redirect', operation: 'getAll', returnAll: true },
	'redirect-checkStatus': { resource: 'redirect', operation: 'checkStatus', redirect: byHost(body('host')) },
	'redirect-waitUntilActive': {
		resource: 'redirect',
		operation: 'waitUntilActive',
		redirect: byHost(body('host')),
		options: { timeout: 30, pollInterval: 1 },
	},
	'redirect-delete': { resource: 'redirect', operation: 'delete', redirect: byHost(body('host')) },
	'path-create': {
		resource: 'path',
		operation: 'create',
		redirect: byHost(body('host')),
		fromPath: body('fromPath'),
		redirectTo: body('redirectTo'),
		additionalFields: {},
	},
	'path-delete': {
		resource: 'path',
		operation: 'delete',
		redirect: byHost(body('host')),
		pathId: byId(body('pathId')),
	},
	'qr-create': {
		resource: 'qrCode',
		operation: 'create',
		redirect: byHost(body('host')),
		label: body('label'),
		target: body('target'),
		additionalFields: {},
	},
	'qr-update': {
		resource: 'qrCode',
		operation: 'update',
		redirect: byHost(body('host')),
		qrCodeId: byId(body('qrCodeId')),
		updateFields: { target: body('target') },
	},
	'qr-download': {
		resource: 'qrCode',
		operation: 'downloadImage',
		redirect: byHost(body('host')),
		qrCodeId: byId(body('qrCodeId')),
		imageFormat: 'png',
		size: 512,
		binaryPropertyName: 'data',
	},
	'qr-getAll': {
		resource: 'qrCode',
		operation: 'getAll',
		redirect: byHost(body('host')),
		returnAll: true,
	},
};

export function operationWorkflow(key, credential) {
	return chain(`e2e ${key}`, [
		webhookNode(`e2e-${key}`),
		redirectManagerNode(OPERATIONS[key], credential),
	]);
}

/** Webhook → Code (one item per spreadsheet row) → QR code create, Continue On Fail. */
export function spreadsheetWorkflow(credential) {
	const code = {
		id: randomUUID(),
		name: 'Spreadsheet rows',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position: [200, 0],
		parameters: {
			jsCode: 'return $input.first().json.body.rows.map((row) => ({ json: row }));',
		},
	};
	const qr = redirectManagerNode(
		{
			resource: 'qrCode',
			operation: 'create',
			redirect: byHost("={{ $('Webhook').first().json.body.host }}"),
			label: '={{ $json.label }}',
			target: 'domain',
			additionalFields: { color: '={{ $json.color }}' },
		},
		credential,
		{ onError: 'continueRegularOutput', position: [420, 0] },
	);
	return chain('e2e spreadsheet', [webhookNode('e2e-spreadsheet'), code, qr]);
}

export function triggerWorkflow(credential, { events, hosts = [] } = {}) {
	const trigger = {
		id: randomUUID(),
		name: 'Redirect Manager Trigger',
		type: TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {
			pollTimes: { item: [{ mode: 'everyMinute' }] },
			...(events ? { events } : {}),
			hosts,
			options: {},
		},
		credentials: { [CREDENTIAL_TYPE]: { id: credential.id, name: credential.name } },
	};
	return { name: 'e2e trigger', nodes: [trigger], connections: {}, settings: { executionOrder: 'v1' } };
}

/** A core-nodes-only workflow proving the harness itself (Webhook → Set). */
export function smokeWorkflow() {
	const set = {
		id: randomUUID(),
		name: 'Set',
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		position: [260, 0],
		parameters: {
			assignments: {
				assignments: [{ id: randomUUID(), name: 'echo', value: '={{ $json.body.ping }}', type: 'string' }],
			},
			options: {},
		},
	};
	return chain('e2e smoke', [webhookNode('e2e-smoke'), set]);
}
