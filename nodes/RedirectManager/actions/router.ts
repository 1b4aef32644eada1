import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { asNodeError } from '../transport/errors';
import * as account from './account';
import * as path from './path';
import * as qrCode from './qrCode';
import * as redirect from './redirect';

type Operation = {
	execute: (
		this: IExecuteFunctions,
		itemIndex: number,
		item: INodeExecutionData,
	) => Promise<INodeExecutionData[]>;
};

const resources = { account, redirect, path, qrCode } as unknown as Record<
	string,
	Record<string, Operation | undefined>
>;

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const output: INodeExecutionData[] = [];
	for (let i = 0; i < items.length; i++) {
		try {
			const resource = this.getNodeParameter('resource', i) as string;
			const operation = this.getNodeParameter('operation', i) as string;
			const handler = resources[resource]?.[operation];
			if (!handler) {
				throw new NodeOperationError(
					this.getNode(),
					`The operation "${operation}" of "${resource}" is not supported`,
					{ itemIndex: i },
				);
			}
			const results = await handler.execute.call(this, i, items[i]);
			output.push(...this.helpers.constructExecutionMetaData(results, { itemData: { item: i } }));
		} catch (error) {
			const nodeError = asNodeError(this.getNode(), error, i);
			if (!this.continueOnFail()) throw nodeError;
			output.push({ json: errorItem(nodeError), pairedItem: { item: i } });
		}
	}
	return [output];
}

/**
 * Only `error` and `details` keys: n8n then sends the item to the error output when the node is set
 * to "Continue (using error output)", and keeps code and status readable for later nodes.
 */
function errorItem(error: NodeApiError | NodeOperationError): IDataObject {
	const details: IDataObject = {};
	if (error.context.code) details.code = error.context.code;
	if (error instanceof NodeApiError && error.httpCode) details.httpCode = error.httpCode;
	if (error.description) details.description = error.description;
	return { error: error.message, details };
}
