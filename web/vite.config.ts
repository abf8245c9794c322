import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // @parley/core is pure (no I/O, no globals): let unused schemas (and zod with them) drop out of
        // chunks that only need constants.
        moduleSideEffects: (id: string) => !/[\\/]core[\\/]src[\\/]/.test(id),
      },
    },
  },
  server: { port: 5173 },
});
