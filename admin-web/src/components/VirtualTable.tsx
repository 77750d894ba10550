// The lists' virtual table (pages of VIRTUAL_FROM_ROWS rows and more): antd's Table in its virtual
// mode, loaded when a list first shows a page that big.
import { Table, type TableProps } from 'antd'

export function VirtualTable<T extends object>(props: TableProps<T>) {
  return <Table<T> {...props} virtual pagination={false} size="small" />
}
