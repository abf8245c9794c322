// A React context a subtree must be given (the current workspace, the client dashboard's state): its Provider, a hook
// that throws `missing` where no provider is above it, and one that answers null there.
import { createContext, useContext, type Provider } from 'react';

export function requiredContext<T>(missing: string): { Provider: Provider<T | null>; useRequired(): T; useOptional(): T | null } {
  const Context = createContext<T | null>(null);
  return {
    Provider: Context.Provider,
    useRequired() {
      const value = useContext(Context);
      if (!value) throw new Error(missing);
      return value;
    },
    useOptional: () => useContext(Context),
  };
}
