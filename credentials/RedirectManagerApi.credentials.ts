import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

const CREDENTIAL_TEST_FAILURES: Record<string, string> = {
	invalid_api_key:
		'The service rejected the API key (invalid_api_key): it is missing, wrong or revoked. Create a new key in the dashboard.',
	api_not_enabled:
		'The current plan does not include the API (api_not_enabled). Upgrade the plan in the dashboard.',
	account_inactive:
		'The account is inactive (account_inactive), for example because the subscription was cancelled. Check billing in the dashboard.',
	rate_limited:
		'The service is rate limiting this key (rate_limited). Wait a minute and test again.',
};

export class RedirectManagerApi implements ICredentialType {
	name = 'redirectManagerApi';

	displayName = 'Redirect Manager API';

	icon: Icon = {
		light: 'file:../icons/redirect-manager.svg',
		dark: 'file:../icons/redirect-manager.dark.svg',
	};

	documentationUrl = 'https://github.com/redirect-manager/n8n-nodes-redirect-manager#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The API key from the customer dashboard. Keep it secret.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://api.example.com',
			description: 'Address of the service, without the /v1 version prefix',
		},
		{
			displayName: 'Rate Limit (Requests)',
			name: 'rateLimit',
			type: 'number',
			default: 60,
			typeOptions: { minValue: 0 },
			description:
				'Most requests started within one rate window, shared by every workflow using this key in this n8n process. 0 turns pacing off (rate-limit answers are still waited out).',
		},
		{
			displayName: 'Rate Window (Seconds)',
			name: 'rateWindowSeconds',
			type: 'number',
			default: 60,
			typeOptions: { minValue: 0.001 },
			description: 'Length of the rate window, in seconds',
		},
		{
			displayName: 'Request Timeout (Seconds)',
			name: 'timeoutSeconds',
			type: 'number',
			default: 30,
			typeOptions: { minValue: 0.1 },
			description: 'How long to wait for one answer before treating the request as failed',
		},
		{
			displayName: 'Max Wait on Rate Limit (Seconds)',
			name: 'maxRateLimitWaitSeconds',
			type: 'number',
			default: 300,
			typeOptions: { minValue: 0 },
			description:
				'Longest total time one request may wait for the service to accept it after "too many requests" answers; after that the item fails',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiKey}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.trim().replace(/\\/+$/, "").replace(/\\/v1$/, "")}}',
			url: '/v1/me',
			method: 'GET',
			// Read the error body instead of failing on the status, so the rules below can name the cause
			ignoreHttpStatusErrors: true,
		},
		rules: [
			...Object.entries(CREDENTIAL_TEST_FAILURES).map(([code, message]) => ({
				type: 'responseSuccessBody' as const,
				properties: { key: 'error.code', value: code, message },
			})),
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'email',
					value: undefined,
					message:
						'The service did not answer with an account. Check the Base URL: it is the service address without /v1.',
				},
			},
		],
	};
}
