/** A label that only the phone layout shows, where each table row is a card and the column headers are hidden. */
export const CellLabel = ({ children }: { children: string }) => (
  <span className="mr-1 font-medium text-slate-600 md:hidden">{children}:</span>
)
