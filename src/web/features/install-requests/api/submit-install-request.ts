import type { InstallRequestCreated, InstallRequestInput } from '@domain/install-requests/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';

/** POST /api/homeowner/install-request: 201 with the stored request and its pending project. */
export function submitInstallRequest(input: InstallRequestInput): Promise<InstallRequestCreated> {
  return apiJson<InstallRequestCreated>('POST', '/api/homeowner/install-request', input);
}

export function useSubmitInstallRequest() {
  return useMutation({ mutationFn: submitInstallRequest });
}
