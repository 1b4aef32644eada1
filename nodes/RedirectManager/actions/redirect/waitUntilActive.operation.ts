import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, sleep, updateDisplayOptions } from 'n8n-workflow';

import { redirectPath } from '../../helpers/api';
import { apiRequest } from '../../transport';
import { redirectHost, redirectLocator } from '../common';

const properties: INodeProperties[] = [
	redirectLocator,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Check Every (Seconds)',
				name: 'pollInterval',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 10,
				description:
					"Time between two status checks. Each check is one request and is paced with the credential's rate limit.",
			},
			{
				displayName: 'Timeout (Seconds)',
				name: 'timeout',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 600,
				description: 'Give up and fail the item when the redirect is not active after this long',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['redirect'], operation: ['waitUntilActive'] } },
	properties,
);

const FAILED_STATES = ['error', 'disabled'];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const host = redirectHost.call(this, i);
	const options = this.getNodeParameter('options', i, {}) as {
		pollInterval?: number;
		timeout?: number;
	};
	const intervalMs = (options.pollInterval ?? 10) * 1000;
	const deadline = Date.now() + (options.timeout ?? 600) * 1000;
	const startedAt = Date.now();
	for (;;) {
		const report = await apiRequest.call(this, {
			method: 'GET',
			path: `${redirectPath(host)}/status`,
			itemIndex: i,
		});
		const status = String(report.status);
		if (status === 'active') {
			return [{ json: { ...report, waitedSeconds: Math.round((Date.now() - startedAt) / 1000) } }];
		}
		if (FAILED_STATES.includes(status)) {
			throw new NodeOperationError(
				this.getNode(),
				`${host} is ${status}, so it will not become active`,
				{
					itemIndex: i,
					description: errorDetail(report) ?? 'Check the redirect in the dashboard.',
				},
			);
		}
		if (Date.now() + intervalMs > deadline) {
			throw new NodeOperationError(
				this.getNode(),
				`${host} is still ${status} after ${Math.round((Date.now() - startedAt) / 1000)} s`,
				{
					itemIndex: i,
					description:
						status === 'not_configured'
							? "The domain does not point to the service yet: create the DNS record from the redirect's dns field, then run again."
							: 'The certificate is still being issued. Run again later or raise the timeout.',
				},
			);
		}
		await sleep(intervalMs);
	}
}

function errorDetail(report: IDataObject): string | undefined {
	return typeof report.errorMessage === 'string' && report.errorMessage
		? report.errorMessage
		: undefined;
}
