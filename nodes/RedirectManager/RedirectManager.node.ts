import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as account from './actions/account';
import * as path from './actions/path';
import * as qrCode from './actions/qrCode';
import * as redirect from './actions/redirect';
import { router } from './actions/router';
import { listSearch, loadOptions } from './methods';

export class RedirectManager implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Redirect Manager',
		name: 'redirectManager',
		icon: {
			light: 'file:../../icons/redirect-manager.svg',
			dark: 'file:../../icons/redirect-manager.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Manage domain redirects, custom paths and QR codes',
		defaults: { name: 'Redirect Manager' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'redirectManagerApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Account', value: 'account' },
					{ name: 'Custom Path', value: 'path' },
					{ name: 'QR Code', value: 'qrCode' },
					{ name: 'Redirect', value: 'redirect' },
				],
				default: 'redirect',
			},
			...account.description,
			...redirect.description,
			...path.description,
			...qrCode.description,
		],
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
