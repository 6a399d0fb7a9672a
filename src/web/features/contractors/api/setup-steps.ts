import type { BankingSetup, TaxInfo } from '@domain/contractors/payment-wizard';
import type {
  InsuranceSetup,
  LicensesSetup,
  PasswordSetup,
  SetupStepResponse,
} from '@domain/contractors/profile-wizard';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { contractorKeys } from './contractor-keys';

/**
 * The five wizard calls of spec 2 §7 (profile: password, licences, insurance; payment: banking,
 * tax). Each answers the profile's new completion state; the profile is fetched again after each.
 */
export const setupCalls = {
  password: (input: PasswordSetup) =>
    apiJson<SetupStepResponse>('POST', '/api/contractor/setup-password', input),
  licenses: (input: LicensesSetup) =>
    apiJson<SetupStepResponse>('POST', '/api/contractor/setup-licenses', input),
  insurance: (input: InsuranceSetup) =>
    apiJson<SetupStepResponse>('POST', '/api/contractor/setup-insurance', input),
  banking: (input: BankingSetup) => apiJson<SetupStepResponse>('POST', '/api/contractor/banking', input),
  tax: (input: TaxInfo) => apiJson<SetupStepResponse>('POST', '/api/contractor/tax-info', input),
};

function useSetupStep<I>(call: (input: I) => Promise<SetupStepResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractorKeys.all }),
  });
}

export const useSetupPassword = () => useSetupStep(setupCalls.password);
export const useSetupLicenses = () => useSetupStep(setupCalls.licenses);
export const useSetupInsurance = () => useSetupStep(setupCalls.insurance);
export const useSetupBanking = () => useSetupStep(setupCalls.banking);
export const useSetupTaxInfo = () => useSetupStep(setupCalls.tax);
