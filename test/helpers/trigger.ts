/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test only */
// Runs the Redirect Manager Trigger as n8n runs an active poll trigger: n8n-core's PollTriggerExecutor
// around a real PollContext on a real Workflow, whose static data can be saved and reloaded.
import { createRequire } from 'node:module';

import { PollContext, PollTriggerExecutor } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeTypes,
	IWorkflowBase,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { RedirectManagerTrigger } from '../../nodes/RedirectManagerTrigger/RedirectManagerTrigger.node';
import type { CredentialData } from './n8n';
import { additionalDataFor } from './n8n';

// n8n-core resolves its services from its own copy of @n8n/di.
const requireFromCore = createRequire(createRequire(__filename).resolve('n8n-core'));
const { Container } = requireFromCore('@n8n/di') as {
	Container: { get<T>(type: abstract new (...args: never[]) => T): T };
};

export const TRIGGER_NAME = 'Redirect Manager Trigger';

export interface PollOutcome {
	/** The emitted items' json, or null when the poll returned null (nothing emitted). */
	events: IDataObject[] | null;
	/** The error the poll reported to n8n's scheduler (__emitError). */
	error?: Error & { httpCode?: string; context?: IDataObject };
}

export interface TriggerOptions {
	parameters: INode['parameters'];
	credentials: CredentialData;
	/** Workflow static data as n8n stores it in the database (JSON). */
	staticData?: IDataObject;
}

export class TriggerHarness {
	readonly workflow: Workflow;

	readonly node: INode;

	private readonly nodeType = new RedirectManagerTrigger();

	constructor(private readonly options: TriggerOptions) {
		this.node = {
			id: '00000000-0000-0000-0000-000000000002',
			name: TRIGGER_NAME,
			type: 'n8n-nodes-redirect-manager.redirectManagerTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: options.parameters,
			credentials: { redirectManagerApi: { id: '1', name: 'Redirect Manager account' } },
		};
		const nodeTypes: INodeTypes = {
			getByName: () => this.nodeType,
			getByNameAndVersion: (_type, version) =>
				NodeHelpers.getVersionedNodeType(this.nodeType, version),
			getKnownTypes: () => ({}),
		};
		this.workflow = new Workflow({
			id: 'wf-trigger',
			name: 'trigger test',
			nodes: [this.node],
			connections: {},
			nodeTypes,
			active: true,
			staticData: options.staticData ? structuredClone(options.staticData) : undefined,
		});
	}

	/** One scheduled poll of an active workflow. */
	async poll(): Promise<PollOutcome> {
		const outcome: PollOutcome = { events: null };
		const context = new PollContext(
			this.workflow,
			this.node,
			this.additionalData(),
			'trigger',
			'activate',
			(data: INodeExecutionData[][]) => {
				outcome.events = data[0].map((item) => item.json);
			},
			(error: Error) => {
				outcome.error = error as PollOutcome['error'];
			},
		);
		await Container.get(PollTriggerExecutor).create(
			this.workflow,
			this.node,
			context,
			() => true,
		)();
		return outcome;
	}

	/**
	 * "Fetch Test Event" in the editor, as WorkflowExecute.executePollNode runs a poll node in a
	 * manual execution: a PollContext in manual mode, on this workflow (so its static data is at hand).
	 */
	async fetchTestEvent(): Promise<INodeExecutionData[][] | null> {
		const context = new PollContext(
			this.workflow,
			this.node,
			this.additionalData(),
			'manual',
			'manual',
		);
		return await this.nodeType.poll.call(context);
	}

	private additionalData() {
		const workflowData = {
			id: this.workflow.id,
			name: 'trigger test',
			nodes: [this.node],
			connections: {},
			active: true,
		} as unknown as IWorkflowBase;
		return additionalDataFor(this.options.credentials, workflowData);
	}

	/** The workflow static data as n8n would save it. */
	savedStaticData(): IDataObject {
		return JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject;
	}

	/** A new process: the same workflow rebuilt from its saved static data. */
	restart(parameters = this.options.parameters): TriggerHarness {
		return new TriggerHarness({ ...this.options, parameters, staticData: this.savedStaticData() });
	}
}
