/** The checkbox selection of one page of transactions, shared by the table and the phone cards. */
export function pageSelection(
  items: readonly { id: string }[],
  selected: ReadonlySet<string>,
  onSelectionChange: (next: Set<string>) => void,
) {
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  return {
    allSelected,
    toggle: (id: string) => {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      onSelectionChange(next);
    },
    toggleAll: () => onSelectionChange(allSelected ? new Set() : new Set(items.map((item) => item.id))),
  };
}
