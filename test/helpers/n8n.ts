import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IRequestOptionsSimplified,
	IRun,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { createRunExecutionData, ICredentialsHelper, NodeHelpers, Workflow } from 'n8n-workflow';

import { RedirectManagerApi } from '../../credentials/RedirectManagerApi.credentials';
import { RedirectManager } from '../../nodes/RedirectManager/RedirectManager.node';

const credentialType = new RedirectManagerApi();

/**
 * Serves plain credential data and applies the credential's generic `authenticate` block through
 * n8n's expression engine, as n8n's own CredentialsHelper does.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly data: ICredentialDataDecryptedObject) {
		super();
	}

	getParentTypes() {
		return [];
	}

	isCredentialUsableByNode() {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		_typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const options = requestOptions as IHttpRequestOptions;
		const { authenticate } = credentialType;
		if (workflow && node) {
			for (const [target, properties] of Object.entries(authenticate.properties)) {
				const bag = ((options as unknown as Record<string, IDataObject>)[target] ??= {});
				for (const [key, expression] of Object.entries(properties as Record<string, string>)) {
					bag[key] = workflow.expression.getSimpleParameterValue(node, expression, 'internal', {
						$credentials: credentials,
					}) as string;
				}
			}
		}
		return options;
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used by these tests');
	}

	async getDecrypted() {
		return this.data;
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties() {
		return credentialType.properties;
	}
}

export interface CredentialData {
	baseUrl: string;
	apiKey: string;
	rateLimit?: number;
	rateWindowSeconds?: number;
	timeoutSeconds?: number;
	maxRateLimitWaitSeconds?: number;
}

export function additionalDataFor(credentials: CredentialData, workflowData: IWorkflowBase) {
	return {
		credentialsHelper: new TestCredentialsHelper({
			rateLimit: 100000,
			rateWindowSeconds: 1,
			...credentials,
		} as unknown as ICredentialDataDecryptedObject),
		hooks: new ExecutionLifecycleHooks('manual', 'exec-1', workflowData),
		executionId: 'exec-1',
		variables: {},
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://localhost/rest',
		instanceBaseUrl: 'http://localhost/',
		webhookBaseUrl: 'http://localhost/webhook',
		webhookWaitingBaseUrl: 'http://localhost/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost/webhook-test',
		formWaitingBaseUrl: 'http://localhost/form-waiting',
		logAiEvent: () => {},
	} as unknown as IWorkflowExecuteAdditionalData;
}

export const NODE_NAME = 'Redirect Manager';

export interface RunOptions {
	parameters: INode['parameters'];
	credentials: CredentialData;
	input?: INodeExecutionData[];
	continueOnFail?: boolean;
	/** "On Error: Continue (using error output)": failed items go to a second output. */
	errorOutput?: boolean;
	/** n8n gives nodes used by an AI agent a type ending in "Tool". */
	asTool?: boolean;
	nodeType?: INodeType;
}

export interface RunResult {
	run: IRun;
	items: INodeExecutionData[];
	/** The error output's items, when `errorOutput` is on. */
	errorItems: INodeExecutionData[];
	error?: Error & { description?: string; httpCode?: string; context?: IDataObject };
}

/** Runs the node once through n8n-core's WorkflowExecute, as n8n runs a workflow. */
export async function runNode(options: RunOptions): Promise<RunResult> {
	const nodeType = options.nodeType ?? new RedirectManager();
	const typeName = `n8n-nodes-redirect-manager.redirectManager${options.asTool ? 'Tool' : ''}`;
	const nodeTypes: INodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: (_type, version) => NodeHelpers.getVersionedNodeType(nodeType, version),
		getKnownTypes: () => ({}),
	};
	const node: INode = {
		id: '00000000-0000-0000-0000-000000000001',
		name: NODE_NAME,
		type: typeName,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters,
		credentials: { redirectManagerApi: { id: '1', name: 'Redirect Manager account' } },
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		...(options.errorOutput ? { onError: 'continueErrorOutput' as const } : {}),
	};
	const workflow = new Workflow({
		id: 'wf-1',
		nodes: [node],
		connections: {},
		nodeTypes,
		active: false,
	});
	const workflowData = {
		id: 'wf-1',
		name: 'test',
		nodes: [node],
		connections: {},
		active: false,
	} as unknown as IWorkflowBase;
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{ node, data: { main: [options.input ?? [{ json: {} }]] }, source: null },
			],
		},
	});
	const run = await new WorkflowExecute(
		additionalDataFor(options.credentials, workflowData),
		'manual',
		runExecutionData,
	).processRunExecutionData(workflow);
	const taskData = run.data.resultData.runData[NODE_NAME]?.[0];
	return {
		run,
		items: taskData?.data?.main?.[0] ?? [],
		errorItems: taskData?.data?.main?.[1] ?? [],
		error: run.data.resultData.error as RunResult['error'],
	};
}
