// A channel call made from a setup form: its answer ({ ok, message }) is toasted, the channel lists are refreshed,
// and a thrown error is toasted with the failure text the caller names.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelKeys } from './channels-data';
import { toast } from './toast';

export interface ChannelAnswer {
  ok: boolean;
  message: string;
}

export function useChannelAction<V = void>(
  run: (input: V) => Promise<ChannelAnswer>,
  failure: (error: Error) => string,
  onAnswer?: (answer: ChannelAnswer, input: V) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer, input) => {
      toast(answer.message, answer.ok);
      onAnswer?.(answer, input);
      void queryClient.invalidateQueries({ queryKey: channelKeys.all });
    },
    onError: (error: Error) => toast(failure(error), false),
  });
}
