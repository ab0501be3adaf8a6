import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { getGetFactorsQueryKey } from '../../../../generated/api/factors/factors';
import { toast } from '../../../shared/ui/toast';

/** Every wizard ends the same way: refresh the factor data, say so, back to /profile/mfa. */
export function useFinishEnrolment() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (message: string) => {
      await queryClient.invalidateQueries({ queryKey: getGetFactorsQueryKey() });
      toast.success(message);
      await navigate({ to: '/profile/mfa' });
    },
    [queryClient, navigate],
  );
}
