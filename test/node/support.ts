// Shared helpers for the node tests: sandbox admin calls, state dumps, running the node, list search.
import { LoadOptionsContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeTypes,
	IWorkflowBase,
	NodeParameterValueType,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';
import { request } from 'undici';

import type { CredentialData, RunOptions, RunResult } from '../helpers/n8n';
import { additionalDataFor, NODE_NAME, runNode } from '../helpers/n8n';
import type { ListShape, Sandbox } from '../sandbox/server.mjs';
import { RedirectManager } from '../../nodes/RedirectManager/RedirectManager.node';

export const LIST_SHAPES: ListShape[] = ['wrapped', 'array', 'data'];

export const byHost = (host: string) => ({ __rl: true, mode: 'host', value: host });
export const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });
export const fromList = (value: string) => ({ __rl: true, mode: 'list', value });

export interface AdminReply {
	status: number;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked with expect()
	json: any;
}

/** Calls the sandbox's admin API (/__admin/<name>); throws unless it succeeds. */
export async function admin(
	sandbox: Sandbox,
	method: 'GET' | 'POST' | 'DELETE',
	name: string,
	body?: unknown,
): Promise<AdminReply> {
	const res = await request(`${sandbox.url}/__admin/${name}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.body.text();
	const json = text ? JSON.parse(text) : undefined;
	if (res.statusCode >= 300) {
		throw new Error(`admin ${method} ${name}: ${res.statusCode} ${text}`);
	}
	return { status: res.statusCode, json };
}

export interface StateRedirect extends IDataObject {
	host: string;
	status: string;
	paths: IDataObject[];
	qrCodes: IDataObject[];
}

/** The sandbox's stored truth for one account. */
export async function stateOf(
	sandbox: Sandbox,
	key = 'key_ok',
): Promise<{ account: IDataObject; redirects: StateRedirect[] }> {
	return (await admin(sandbox, 'GET', `state?key=${encodeURIComponent(key)}`)).json;
}

export async function redirectState(sandbox: Sandbox, host: string, key = 'key_ok') {
	return (await stateOf(sandbox, key)).redirects.find((redirect) => redirect.host === host);
}

/** Creates a redirect directly in the sandbox (no request log entry). */
export async function seedRedirect(sandbox: Sandbox, host: string, key = 'key_ok', extra = {}) {
	return (await admin(sandbox, 'POST', 'redirects', { key, host, ...extra })).json as IDataObject;
}

/** Requests the node sent to the service (admin calls are never logged). */
export const apiRequests = (sandbox: Sandbox) =>
	sandbox.requests().filter((entry) => entry.path.startsWith('/v1'));

export function credentialsFor(sandbox: Sandbox, apiKey = 'key_ok'): CredentialData {
	return { baseUrl: sandbox.url, apiKey, rateLimit: 100000, rateWindowSeconds: 1 };
}

/** Runs the node and fails the test with the execution error when the run was expected to succeed. */
export async function runOk(options: RunOptions): Promise<INodeExecutionData[]> {
	const result = await runNode(options);
	if (result.error) {
		throw new Error(
			`node failed: ${result.error.message} — ${String(result.error.description ?? '')}`,
		);
	}
	return result.items;
}

/** Runs the node and returns its execution error, failing the test when there is none. */
export async function runFailing(options: RunOptions): Promise<NonNullable<RunResult['error']>> {
	const result = await runNode(options);
	if (!result.error) {
		throw new Error(`node was expected to fail but returned ${JSON.stringify(result.items)}`);
	}
	return result.error;
}

export const jsonOf = (items: INodeExecutionData[]) => items.map((item) => item.json);

export function deepFreeze<T>(value: T): T {
	if (value && typeof value === 'object' && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const child of Object.values(value as object)) deepFreeze(child);
	}
	return value;
}

/** Polls until a condition holds (no fixed sleeps in tests). */
export { until } from '../sandbox/helpers';

/**
 * A real n8n-core LoadOptionsContext for the node, as n8n builds it for list search and load
 * options: a real Workflow, the node with the given parameters, and the harness's additional data
 * (credentials helper applying the credential's `authenticate`).
 */
export function loadOptionsContext(
	credentials: CredentialData,
	parameters: INode['parameters'],
	path = 'parameters.redirect',
): LoadOptionsContext {
	const nodeType = new RedirectManager();
	const nodeTypes: INodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: (_type, version) => NodeHelpers.getVersionedNodeType(nodeType, version),
		getKnownTypes: () => ({}),
	};
	const node: INode = {
		id: '00000000-0000-0000-0000-000000000002',
		name: NODE_NAME,
		type: 'n8n-nodes-redirect-manager.redirectManager',
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { redirectManagerApi: { id: '1', name: 'Redirect Manager account' } },
	};
	const workflow = new Workflow({
		id: 'wf-options',
		nodes: [node],
		connections: {},
		nodeTypes,
		active: false,
	});
	const workflowData = {
		id: 'wf-options',
		name: 'options',
		nodes: [node],
		connections: {},
		active: false,
	} as unknown as IWorkflowBase;
	const additionalData = additionalDataFor(credentials, workflowData);
	additionalData.currentNodeParameters = parameters as Record<string, NodeParameterValueType>;
	return new LoadOptionsContext(workflow, node, additionalData, path);
}
