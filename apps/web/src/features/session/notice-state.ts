/**
 * What a guard or screen leaves in the router state when it sends the user elsewhere; the layout
 * shows it on the page they land on (access denied, session ended, account created).
 */
export interface NoticeState {
  notice: string
  /** 'warning' unless given. */
  tone?: 'warning' | 'success'
}
