// Choices for Mantine's Select, SegmentedControl and Tabs written as one map of value → label, the way they are
// read; the map's order is the order shown.
export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

export function selectOptions<V extends string>(labels: Record<V, string>): SelectOption<V>[] {
  return (Object.entries(labels) as [V, string][]).map(([value, label]) => ({ value, label }));
}
