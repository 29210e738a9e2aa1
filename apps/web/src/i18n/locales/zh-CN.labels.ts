/** Chinese texts of the label manager. */
import type { enLabels } from './en.labels';

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export const zhLabels: DeepStrings<typeof enLabels> = {
  title: '标签',
  subtitle: '标签类是一组取值（例如 优先级：高、低），你和 AI 可以把它们贴在画布和文件上。',
  create: '新建标签类',
  empty: '还没有标签类',
  edit: '编辑',
  delete: '删除',
  deleteTitle: '删除“{{name}}”？',
  deleteBody: '此类的所有标签都会从对应内容上移除。',
  deleted: '标签类已删除',
  saved: '标签类已保存',
  cancel: '取消',
  save: '保存',
  back: '项目',
  form: {
    createTitle: '新建标签类',
    editTitle: '编辑标签类',
    name: '名称',
    nameHint: '简短的标识，例如 priority',
    nameRequired: '请输入名称',
    displayName: '显示名称',
    displayNameRequired: '请输入显示名称',
    prompt: '提示词',
    promptHint: '告诉 AI 何时使用哪个取值。',
    promptRequired: '请输入提示词',
    values: '取值',
    valuesHint: '输入取值后按回车。',
    valuesRequired: '至少需要一个标签取值',
  },
  columns: { name: '名称', displayName: '显示名称', values: '取值', prompt: '提示词' },
  picker: {
    add: '添加标签',
    none: '还没有标签类——请先在标签页面创建。',
    manage: '管理标签',
  },
};
