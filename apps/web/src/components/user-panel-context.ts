import { createContext, useContext } from 'react';

export interface UserPanelControl {
  open: () => void;
  close: () => void;
}

export const UserPanelContext = createContext<UserPanelControl>({ open: () => {}, close: () => {} });

export const useUserPanel = (): UserPanelControl => useContext(UserPanelContext);
