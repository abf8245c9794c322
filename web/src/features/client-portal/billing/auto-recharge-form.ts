// The org's auto-recharge form: its starting values (what the org has saved, else threshold 500 credits and $5;
// the monthly charge limit as the workspace's own auto-recharge has it) and a save
// that puts the last saved values back when the server refuses, so the form never shows settings that are not in
// force.
import { AUTO_RECHARGE_CONNECTED, type Org } from '@parley/core';
import { useState } from 'react';

export interface AutoRechargeValues {
  enabled: boolean;
  threshold: number;
  amount: number;
  /** USD a month at most; 0 = no limit. */
  monthlyLimit: number;
}

const onStep = (value: unknown, range: { min: number; max: number; step: number; default: number }): number => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < range.min || value > range.max) return range.default;
  return Math.round((value - range.min) / range.step) * range.step + range.min;
};

/** What the org has saved (either field name the org may carry), within the ranges; the defaults otherwise. */
export function savedAutoRecharge(org: Pick<Org, 'automaticBilling' | 'autocharge' | 'threshold' | 'autochargeAmount' | 'internal'> | null): AutoRechargeValues {
  return {
    enabled: org?.automaticBilling ?? org?.autocharge ?? false,
    threshold: onStep(org?.internal?.autochargeCreditThreshold ?? org?.threshold, AUTO_RECHARGE_CONNECTED.threshold),
    amount: onStep(org?.internal?.autochargeCreditAmount ?? org?.autochargeAmount, AUTO_RECHARGE_CONNECTED.amount),
    monthlyLimit: onStep(org?.internal?.monthlyChargeLimit, AUTO_RECHARGE_CONNECTED.monthlyLimit),
  };
}

/** The form's values; `save` sends them and, when the server refuses, reverts to the last saved values. */
export function useAutoRechargeForm(initial: AutoRechargeValues, send: (values: AutoRechargeValues) => Promise<void>) {
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [saving, setSaving] = useState(false);
  return {
    values,
    saving,
    change: (patch: Partial<AutoRechargeValues>) => setValues((v) => ({ ...v, ...patch })),
    async save(): Promise<boolean> {
      setSaving(true);
      try {
        await send(values);
        setSaved(values);
        return true;
      } catch (error) {
        setValues(saved);
        throw error;
      } finally {
        setSaving(false);
      }
    },
  };
}
