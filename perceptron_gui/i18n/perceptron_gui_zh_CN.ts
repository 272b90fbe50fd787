<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>Accessibility</name>
    <message>
        <source>Data canvas</source>
        <translation>数据画布</translation>
    </message>
    <message>
        <source>The points, the line w·x + b = 0 and the mistakes</source>
        <translation>数据点、直线 w·x + b = 0 和误分类点</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间轴</translation>
    </message>
    <message>
        <source>Every update so far: move it to see any of them</source>
        <translation>到目前为止的每次更新：拖动以查看其中任意一次</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>控制</translation>
    </message>
    <message>
        <source>The algorithm&apos;s settings and the run&apos;s buttons</source>
        <translation>算法的设置和运行按钮</translation>
    </message>
    <message>
        <source>Mistakes and the bound</source>
        <translation>误分类次数与界</translation>
    </message>
    <message>
        <source>Mistakes k against visits, and (D/γ)²</source>
        <translation>误分类次数 k 随访问次数的变化，以及 (D/γ)²</translation>
    </message>
    <message>
        <source>The proof</source>
        <translation>收敛性证明</translation>
    </message>
    <message>
        <source>Novikoff&apos;s two inequalities against k</source>
        <translation>Novikoff 的两个不等式随 k 的变化</translation>
    </message>
    <message>
        <source>Iteration table</source>
        <translation>迭代表</translation>
    </message>
    <message>
        <source>k, the point updated, w and b after each update</source>
        <translation>k、被更新的点，以及每次更新后的 w 和 b</translation>
    </message>
    <message>
        <source>Gram matrix</source>
        <translation>Gram 矩阵</translation>
    </message>
    <message>
        <source>G = [xᵢ·xⱼ]: each pair of points&apos; dot product</source>
        <translation>G = [xᵢ·xⱼ]：每两个点的内积</translation>
    </message>
    <message>
        <source>Scenes</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>The lesson&apos;s scenes: click one to go to it</source>
        <translation>课程的各个场景：点击一个即可跳转到它</translation>
    </message>
    <message>
        <source>Points as a table</source>
        <translation>数据点表格</translation>
    </message>
    <message>
        <source>Each point, its label, its score y(w·x + b) and whether it is wrong</source>
        <translation>每个点、它的标签、得分 y(w·x + b) 以及是否分错</translation>
    </message>
    <message>
        <source>Menu bar</source>
        <translation>菜单栏</translation>
    </message>
    <message>
        <source>Tabs</source>
        <translation>标签页</translation>
    </message>
    <message>
        <source>Panes</source>
        <translation>窗格</translation>
    </message>
    <message>
        <source>Resize the window</source>
        <translation>调整窗口大小</translation>
    </message>
    <message>
        <source>Status bar</source>
        <translation>状态栏</translation>
    </message>
    <message>
        <source>Scroll bar</source>
        <translation>滚动条</translation>
    </message>
    <message>
        <source>Column headers</source>
        <translation>列标题</translation>
    </message>
    <message>
        <source>List</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <source>Slider</source>
        <translation>滑块</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>More</source>
        <translation>更多</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the names of points in a list</comment>
        <translation>、</translation>
    </message>
    <message>
        <source> and {n} more</source>
        <translation> 等另外 {n} 个</translation>
    </message>
    <message>
        <source>No points yet.</source>
        <translation>还没有点。</translation>
    </message>
    <message>
        <source>{n} points: {pos} labelled +1, {neg} labelled −1.</source>
        <translation>{n} 个点：{pos} 个标签为 +1，{neg} 个标签为 −1。</translation>
    </message>
    <message>
        <source>x{i} = {x}, {y}</source>
        <comment>a point, its label</comment>
        <translation>x{i} = {x}，{y}</translation>
    </message>
    <message>
        <source>{points}.</source>
        <comment>the list of the points</comment>
        <translation>{points}。</translation>
    </message>
    <message>
        <source>; </source>
        <comment>between the points in a list</comment>
        <translation>；</translation>
    </message>
    <message>
        <source>Names not drawn on the canvas (no room beside their points): {names}; hover a point or see the points table (Ctrl+T).</source>
        <translation>画布上未画出名称的点（点旁没有空位）：{names}；将鼠标悬停在点上，或查看数据点表格（Ctrl+T）。</translation>
    </message>
    <message>
        <source>The line w·x + b = 0 with w = {w}, b = {b}.</source>
        <translation>直线 w·x + b = 0，其中 w = {w}，b = {b}。</translation>
    </message>
    <message>
        <source>No line yet (w = 0).</source>
        <translation>还没有直线（w = 0）。</translation>
    </message>
    <message>
        <source>{n} misclassified: {names}.</source>
        <translation>{n} 个误分类点：{names}。</translation>
    </message>
    <message>
        <source>Every point is on its side.</source>
        <translation>每个点都在正确的一侧。</translation>
    </message>
    <message>
        <source>Selected: x{i} = {x}, label {y}, y(w·x + b) = {s}.</source>
        <translation>已选中：x{i} = {x}，标签 {y}，y(w·x + b) = {s}。</translation>
    </message>
    <message>
        <source>point</source>
        <translation>点</translation>
    </message>
    <message>
        <source>label y</source>
        <translation>标签 y</translation>
    </message>
    <message>
        <source>mistake</source>
        <translation>误分类</translation>
    </message>
    <message>
        <source>wrong ×</source>
        <translation>错误 ×</translation>
    </message>
    <message>
        <source>right ✓</source>
        <translation>正确 ✓</translation>
    </message>
    <message>
        <source>Keyboard editing (Esc leaves): arrows move, Enter adds, ] [ select, Alt+arrows move it, L flips, Delete removes</source>
        <translation>键盘编辑（Esc 退出）：方向键移动光标，Enter 添加点，] 和 [ 选择，Alt+方向键移动选中点，L 翻转标签，Delete 删除</translation>
    </message>
    <message>
        <source>Cursor at ({x1}, {x2}).</source>
        <translation>光标在 ({x1}, {x2})。</translation>
    </message>
    <message>
        <source>Deleted; points left: {n}.</source>
        <translation>已删除；剩余点数：{n}。</translation>
    </message>
    <message>
        <source>Added x{i} = ({x1}, {x2}), label {y}.</source>
        <translation>已添加 x{i} = ({x1}, {x2})，标签 {y}。</translation>
    </message>
</context>
<context>
    <name>BoundPanel</name>
    <message>
        <source>log k</source>
        <translation>对数 k</translation>
    </message>
    <message>
        <source>A logarithmic k axis shows k and a huge bound together</source>
        <translation>k 轴取对数，可同时显示 k 和很大的界</translation>
    </message>
    <message>
        <source>no points</source>
        <translation>没有点</translation>
    </message>
    <message>
        <source>k = {k}   computing D and γ of {n} points…</source>
        <translation>k = {k}   正在计算 {n} 个点的 D 和 γ…</translation>
    </message>
    <message>
        <source>max‖(x, 1)‖ (the bias is on)</source>
        <translation>max‖(x, 1)‖（学习偏置）</translation>
    </message>
    <message>
        <source>max‖x‖ (no bias)</source>
        <translation>max‖x‖（无偏置）</translation>
    </message>
    <message>
        <source>D = {norm}; γ = the best margin of a unit (w, b): see the View menu</source>
        <translation>D = {norm}；γ = 单位 (w, b) 所能达到的最大间隔：见“视图”菜单</translation>
    </message>
    <message>
        <source>updates k = {k}: {note}</source>
        <translation>更新次数 k = {k}：{note}</translation>
    </message>
    <message>
        <source>updates </source>
        <translation>更新次数 </translation>
    </message>
    <message>
        <source>the theorem counts updates from w = 0, b = 0: this run starts elsewhere</source>
        <translation>定理从 w = 0, b = 0 开始计数更新次数：本次运行的初值不同</translation>
    </message>
    <message>
        <source>mistakes (y·f ≤ 0): {m}</source>
        <translation>误分类（y·f ≤ 0）：{m}</translation>
    </message>
</context>
<context>
    <name>BoundPlot</name>
    <message>
        <source>visits (points looked at)</source>
        <translation>访问次数（已检查的点）</translation>
    </message>
    <message>
        <source>mistakes k</source>
        <translation>误分类次数 k</translation>
    </message>
    <message>
        <source>updates k</source>
        <translation>更新次数 k</translation>
    </message>
    <message>
        <source>visits</source>
        <translation>访问次数</translation>
    </message>
    <message>
        <source>mistakes (y·f ≤ 0): {m}</source>
        <translation>误分类（y·f ≤ 0）：{m}</translation>
    </message>
    <message>
        <source>{bound} is far above ↑</source>
        <translation>{bound} 远在上方 ↑</translation>
    </message>
</context>
<context>
    <name>Compare</name>
    <message>
        <source>run 1</source>
        <extracomment>The runs&apos; names in `RunTitle` (marked for lupdate; shown translated).</extracomment>
        <translation>运行 1</translation>
    </message>
    <message>
        <source>run 2</source>
        <translation>运行 2</translation>
    </message>
    <message>
        <source>{mode} · order {order} · η = {eta} · bias on · seed {seed}</source>
        <translation>{mode} · 顺序：{order} · η = {eta} · 学习偏置 · 种子 {seed}</translation>
    </message>
    <message>
        <source>{mode} · order {order} · η = {eta} · bias off · seed {seed}</source>
        <translation>{mode} · 顺序：{order} · η = {eta} · 无偏置 · 种子 {seed}</translation>
    </message>
    <message>
        <source>order {order}</source>
        <translation>顺序：{order}</translation>
    </message>
    <message>
        <source>η = {eta}</source>
        <translation>η = {eta}</translation>
    </message>
    <message>
        <source>bias on</source>
        <translation>学习偏置</translation>
    </message>
    <message>
        <source>bias off</source>
        <translation>无偏置</translation>
    </message>
    <message>
        <source>seed {seed}</source>
        <translation>种子 {seed}</translation>
    </message>
    <message>
        <source>{name}: {settings}</source>
        <translation>{name}：{settings}</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>run 2:</source>
        <translation>运行 2：</translation>
    </message>
    <message>
        <source>bias</source>
        <translation>偏置</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>The second run&apos;s mode</source>
        <translation>第二次运行的形式</translation>
    </message>
    <message>
        <source>The second run&apos;s order</source>
        <translation>第二次运行的顺序</translation>
    </message>
    <message>
        <source>The second run&apos;s learning rate η</source>
        <translation>第二次运行的学习率 η</translation>
    </message>
    <message>
        <source>The second run learns b (off: lines through the origin)</source>
        <translation>第二次运行学习 b（关闭时直线经过原点）</translation>
    </message>
    <message>
        <source>The second run&apos;s seed of the random orders</source>
        <translation>第二次运行的随机顺序种子</translation>
    </message>
</context>
<context>
    <name>ControlPanel</name>
    <message>
        <source>The lowest-index mistake, rescanning from x1 after each update</source>
        <translation>序号最小的误分类点，每次更新后从 x1 重新扫描</translation>
    </message>
    <message>
        <source>Visit x1, x2, x3, … in turn, wrapping around; update on each mistake</source>
        <translation>依次访问 x1, x2, x3, …，循环往复；遇到误分类点就更新</translation>
    </message>
    <message>
        <source>Like cyclic, over a new seeded random permutation each epoch</source>
        <translation>同循环，但每一轮使用一个新的（由种子决定的）随机排列</translation>
    </message>
    <message>
        <source>A uniformly random current mistake (seeded)</source>
        <translation>从当前误分类点中均匀随机选取一个（由种子决定）</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>算法</translation>
    </message>
    <message>
        <source>mode</source>
        <translation>形式</translation>
    </message>
    <message>
        <source>order</source>
        <translation>顺序</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>limit</source>
        <translation>上限</translation>
    </message>
    <message>
        <source>The algorithm (hover over a name for what it does)</source>
        <translation>算法（把鼠标停在名称上可看到说明）</translation>
    </message>
    <message>
        <source>Which mistake comes next</source>
        <translation>下一个选取哪个误分类点</translation>
    </message>
    <message>
        <source>Learning rate η &gt; 0 (arrows double / halve it). From w = 0 the mistakes do not depend on η: the line only scales</source>
        <translation>学习率 η &gt; 0（箭头使其加倍 / 减半）。从 w = 0 开始时，误分类点的序列与 η 无关：直线只是缩放</translation>
    </message>
    <message>
        <source>learn the bias b</source>
        <translation>学习偏置 b</translation>
    </message>
    <message>
        <source>Off: b stays 0 and every line passes through the origin</source>
        <translation>关闭：b 保持为 0，每条直线都经过原点</translation>
    </message>
    <message>
        <source>Seed of the random orders (the same seed repeats a run)</source>
        <translation>随机顺序的种子（相同的种子重复同一次运行）</translation>
    </message>
    <message>
        <source>Stop after this many updates (the pocket runs exactly this many unless it finds a separator)</source>
        <translation>更新这么多次后停止（口袋算法正好运行这么多次，除非找到分离直线）</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Go to the next mistake and correct it</source>
        <translation>找到下一个误分类点并更新</translation>
    </message>
    <message>
        <source>Visit</source>
        <translation>访问</translation>
    </message>
    <message>
        <source>Look at the next point only: predict, reveal, update if wrong</source>
        <translation>只看下一个点：预测、揭晓，分错则更新</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <source>Undo the last update</source>
        <translation>撤销上一次更新</translation>
    </message>
    <message>
        <source>Run at the chosen speed / pause</source>
        <translation>按所选速度运行 / 暂停</translation>
    </message>
    <message>
        <source>To end</source>
        <translation>运行到底</translation>
    </message>
    <message>
        <source>Run as fast as possible until it converges or stops</source>
        <translation>尽快运行，直到收敛或停止</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Back to the initial weights</source>
        <translation>回到初始权重</translation>
    </message>
    <message>
        <source>speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>Updates per second while running</source>
        <translation>运行时每秒的更新次数</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最快</translation>
    </message>
    <message>
        <source>{v} /s</source>
        <translation>{v} 次/秒</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>does not apply to {mode}: {why}</source>
        <translation>不适用于{mode}：{why}</translation>
    </message>
</context>
<context>
    <name>Controller</name>
    <message>
        <source>undo: {what}</source>
        <translation>撤销：{what}</translation>
    </message>
    <message>
        <source>at update {k} of {horizon}</source>
        <translation>在第 {k} 次更新（共 {horizon} 次）</translation>
    </message>
    <message>
        <source>new data</source>
        <translation>新数据</translation>
    </message>
    <message>
        <source>{what}: the run is back ({k} updates)</source>
        <translation>{what}：运行已恢复（{k} 次更新）</translation>
    </message>
    <message>
        <source>{what}: the run of {updates} starts again from w₀, b₀ (Ctrl+Z brings it back)</source>
        <translation>{what}：已有 {updates}的运行从 w₀, b₀ 重新开始（Ctrl+Z 可恢复）</translation>
    </message>
    <message>
        <source>{what}: the run starts again (Ctrl+Z brings it back)</source>
        <translation>{what}：运行重新开始（Ctrl+Z 可恢复）</translation>
    </message>
    <message>
        <source>{what}: {n} points</source>
        <translation>{what}：{n} 个点</translation>
    </message>
    <message>
        <source>label {label} refused: labels are +1 or −1</source>
        <translation>标签 {label} 无效：标签只能是 +1 或 −1</translation>
    </message>
    <message>
        <source>point not added: {error}</source>
        <translation>未添加点：{error}</translation>
    </message>
    <message>
        <source>add {sign} point {name} = ({x}, {y})</source>
        <translation>添加 {sign} 类点 {name} = ({x}, {y})</translation>
    </message>
    <message>
        <source>point not moved: {error}</source>
        <translation>未移动点：{error}</translation>
    </message>
    <message>
        <source>move {name} to ({x}, {y})</source>
        <translation>把 {name} 移到 ({x}, {y})</translation>
    </message>
    <message>
        <source>delete {points}</source>
        <translation>删除 {points}</translation>
    </message>
    <message>
        <source>flip {points}</source>
        <translation>翻转 {points}的标签</translation>
    </message>
    <message>
        <source>label {sign} for {points}</source>
        <translation>把 {points}标为 {sign}</translation>
    </message>
    <message>
        <source>clear all points</source>
        <translation>清除所有点</translation>
    </message>
    <message>
        <source>{mode}, order {order}, η = {eta}, bias on: starting again from w = w₀</source>
        <translation>{mode}，顺序：{order}，η = {eta}，学习偏置：从 w = w₀ 重新开始</translation>
    </message>
    <message>
        <source>{mode}, order {order}, η = {eta}, bias off: starting again from w = w₀</source>
        <translation>{mode}，顺序：{order}，η = {eta}，无偏置：从 w = w₀ 重新开始</translation>
    </message>
    <message>
        <source>setting refused: {error}</source>
        <translation>设置无效：{error}</translation>
    </message>
    <message>
        <source>mode refused: {mode} is not one of {modes}</source>
        <translation>形式无效：{mode} 不是 {modes} 之一</translation>
    </message>
    <message>
        <source>order refused: {order} is not one of {orders}</source>
        <translation>顺序无效：{order} 不是 {orders} 之一</translation>
    </message>
    <message>
        <source>at the start: nothing to step back</source>
        <translation>已在起点：无法后退</translation>
    </message>
    <message>
        <source>reset to the initial weights</source>
        <translation>已重置为初始权重</translation>
    </message>
    <message>
        <source> (Reset to run again)</source>
        <translation>（重置后可再次运行）</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>running to the end…</source>
        <translation>正在运行到底…</translation>
    </message>
    <message>
        <source>paused after {updates}</source>
        <translation>{updates}后暂停</translation>
    </message>
    <message>
        <source>D and γ could not be computed: {error}</source>
        <translation>无法计算 D 和 γ：{error}</translation>
    </message>
    <message>
        <source>computing D and γ of {n} points</source>
        <translation>正在计算 {n} 个点的 D 和 γ</translation>
    </message>
    <message>
        <source>the kernel bound is computed here for up to {max} points ({n} now)</source>
        <translation>这里只对不超过 {max} 个点计算核空间中的界（现在有 {n} 个）</translation>
    </message>
    <message>
        <source>no kernel bound: {error}</source>
        <translation>没有核空间中的界：{error}</translation>
    </message>
    <message>
        <source>1 update</source>
        <translation>1 次更新</translation>
    </message>
    <message>
        <source>{k} updates</source>
        <translation>{k} 次更新</translation>
    </message>
    <message>
        <source>1 point</source>
        <translation>1 个点</translation>
    </message>
    <message>
        <source>{n} points</source>
        <translation>{n} 个点</translation>
    </message>
    <message>
        <source>at the initial weights</source>
        <translation>在初始权重处</translation>
    </message>
    <message>
        <source>back to update {k}: {line}</source>
        <translation>回到第 {k} 次更新：{line}</translation>
    </message>
    <message>
        <source>visit {v}: {name} is right (y(w·x+b) = {m} &gt; 0), no update</source>
        <translation>第 {v} 次访问：{name} 分类正确（y(w·x+b) = {m} &gt; 0），不更新</translation>
    </message>
    <message>
        <source>update {k} on {name}: {line}</source>
        <translation>第 {k} 次更新，在 {name} 上：{line}</translation>
    </message>
    <message>
        <source>visit {v}: {name} is right (y f(x) = {m} &gt; 0), no update</source>
        <translation>第 {v} 次访问：{name} 分类正确（y f(x) = {m} &gt; 0），不更新</translation>
    </message>
    <message>
        <source> — into the pocket ({e} mistakes)</source>
        <translation> — 放入口袋（{e} 个误分类点）</translation>
    </message>
    <message>
        <source>no points: click on the canvas to add some</source>
        <translation>没有点：在画布上单击以添加点</translation>
    </message>
    <message>
        <source>converged after {updates}: every point is on its side</source>
        <translation>{updates}后收敛：每个点都在正确的一侧</translation>
    </message>
    <message>
        <source>stopped after {updates}: the next update would overflow the weights — η = {eta} is too large for these points; try a smaller η</source>
        <translation>{updates}后停止：下一次更新会使权重溢出 — 对这些点来说 η = {eta} 太大；请减小 η</translation>
    </message>
    <message>
        <source>stopped at the {reason} after {updates} without converging</source>
        <translation>{updates}后达到{reason}而停止，未收敛</translation>
    </message>
    <message>
        <source> (γ is still being computed)</source>
        <translation>（γ 仍在计算中）</translation>
    </message>
    <message>
        <source>: the data are not linearly separable — try the pocket algorithm</source>
        <translation>：数据线性不可分 — 请试试口袋算法</translation>
    </message>
    <message>
        <source>: raise the update limit</source>
        <translation>：请提高更新次数上限</translation>
    </message>
    <message>
        <source>; the {answer} has 1 mistake</source>
        <translation>；{answer}有 1 个误分类点</translation>
    </message>
    <message>
        <source>; the {answer} has {e} mistakes</source>
        <translation>；{answer}有 {e} 个误分类点</translation>
    </message>
</context>
<context>
    <name>Core</name>
    <message>
        <source>passive-aggressive also corrects right points: no bound</source>
        <translation>被动攻击算法也会修正正确的点：没有界</translation>
    </message>
    <message>
        <source>not linearly separable: no bound</source>
        <extracomment>The bound&apos;s note when the data are not separable (a plugin&apos;s bound rule may give it too: the window translates it).</extracomment>
        <translation>线性不可分：没有界</translation>
    </message>
    <message>
        <source>not linearly separable in feature space: no bound</source>
        <translation>在特征空间中线性不可分：没有界</translation>
    </message>
    <message>
        <source>batch steps (a crude bound)</source>
        <translation>批量步（粗略的界）</translation>
    </message>
    <message>
        <source>D and γ in feature space</source>
        <translation>特征空间中的 D 和 γ</translation>
    </message>
    <message>
        <source>a batch step adds many points at once: the proof&apos;s steps are single updates</source>
        <translation>一个批量步一次加上许多点：证明中的每一步是单次更新</translation>
    </message>
    <message>
        <source>passive-aggressive steps are not ηy x̂: the perceptron&apos;s proof does not apply</source>
        <translation>被动攻击算法的步长不是 ηy x̂：感知机的证明不适用</translation>
    </message>
    <message>
        <source>the kernel run&apos;s weights live in feature space: no input-space picture</source>
        <translation>核感知机的权重在特征空间中：无法在输入空间中画出</translation>
    </message>
    <message>
        <source>the data are not linearly separable (γ = 0): the theorem does not apply</source>
        <extracomment>`reason` when the data are not separable.</extracomment>
        <translation>数据线性不可分（γ = 0）：定理不适用</translation>
    </message>
    <message>
        <source>the run does not start from ŵ₀ = 0: the theorem assumes it does</source>
        <extracomment>`reason` when the run starts from other weights than 0.</extracomment>
        <translation>本次运行不从 ŵ₀ = 0 开始：定理假设从 0 开始</translation>
    </message>
    <message>
        <source>no line through the origin separates these points; switch on the bias b</source>
        <extracomment>`reason` (and the bound panel&apos;s note) when the bias is off and no line through the origin separates the points, though a line with a bias does.</extracomment>
        <translation>没有过原点的直线能分开这些点；请打开偏置 b</translation>
    </message>
    <message>
        <source>each batch step looks at the whole set (leave the order at its default, cyclic)</source>
        <translation>每个批量步都查看整个数据集（顺序保持默认的循环即可）</translation>
    </message>
    <message>
        <source>it visits points in cyclic or random-cyclic order</source>
        <translation>它按循环或随机循环顺序访问各点</translation>
    </message>
    <message>
        <source>updates, margin corrections included</source>
        <translation>更新次数（含间隔修正）</translation>
    </message>
    <message>
        <source>(D² + 2·margin/η)/γ²</source>
        <translation>(D² + 2·间隔/η)/γ²</translation>
    </message>
    <message>
        <source>a margin correction is not a mistake: the proof&apos;s steps are mistakes (the bound above counts both)</source>
        <translation>间隔修正不是误分类：证明的每一步都是误分类（上面的界把两者都计入）</translation>
    </message>
    <message>
        <source>pocket</source>
        <translation>口袋</translation>
    </message>
    <message>
        <source>average</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>vote</source>
        <translation>投票</translation>
    </message>
    <message>
        <source>Primal form: keep w and b, update w ← w + η·y·x, b ← b + η·y on a mistake</source>
        <translation>原始形式：保存 w 和 b，遇到误分类点时更新 w ← w + η·y·x，b ← b + η·y</translation>
    </message>
    <message>
        <source>Dual form: keep α per point; w = Σ α_j y_j x_j; the Gram matrix G = [x_i·x_j]</source>
        <translation>对偶形式：每个点保存一个 α；w = Σ α_j y_j x_j；Gram 矩阵 G = [x_i·x_j]</translation>
    </message>
    <message>
        <source>Pocket algorithm: primal updates, but keep the weights with the fewest training mistakes seen so far (for data that are not separable)</source>
        <translation>口袋算法：按原始形式更新，但把迄今训练误分类最少的权重放进“口袋”（用于线性不可分的数据）</translation>
    </message>
    <message>
        <source>Batch perceptron: each step adds η·Σ y·x over every current mistake at once</source>
        <translation>批量感知机：每一步把当前所有误分类点的 η·Σ y·x 一次加上</translation>
    </message>
    <message>
        <source>Averaged perceptron: primal updates; the answer is the mean of the weights after every visit</source>
        <translation>平均感知机：按原始形式更新；答案是每次访问后权重的平均</translation>
    </message>
    <message>
        <source>Voted perceptron: every weight vector votes with the number of visits it survived; the answer is the vote</source>
        <translation>投票感知机：每个权重向量以它存活的访问次数为票数投票；答案是投票结果</translation>
    </message>
    <message>
        <source>Passive-aggressive (PA-I): also corrects right points with a margin below 1, with a step of at most C</source>
        <translation>被动攻击算法（PA-I）：间隔小于 1 的正确点也会修正，步长至多为 C</translation>
    </message>
    <message>
        <source>Kernel perceptron: the dual form with a kernel K(x, z) in place of x·z</source>
        <translation>核感知机：用核函数 K(x, z) 代替 x·z 的对偶形式</translation>
    </message>
    <message>
        <source>Margin perceptron: primal updates on every point with y(w·x + b) ≤ margin, so it ends with every point at a margin above the threshold</source>
        <translation>间隔感知机：对每个满足 y(w·x + b) ≤ 间隔 的点做原始形式的更新，最终每个点的函数间隔都大于阈值</translation>
    </message>
    <message>
        <source>passive-aggressive: the cap C &gt; 0 on each step τ</source>
        <translation>被动攻击算法：每步 τ 的上限 C &gt; 0</translation>
    </message>
    <message>
        <source>kernel: linear, poly or rbf</source>
        <translation>核函数：线性核、多项式核或径向基核</translation>
    </message>
    <message>
        <source>K(x, z) = x·z: exactly the dual form</source>
        <translation>K(x, z) = x·z：正是对偶形式</translation>
    </message>
    <message>
        <source>K(x, z) = (x·z + coef0)^degree: separates XOR with degree 2</source>
        <translation>K(x, z) = (x·z + coef0)^degree：次数为 2 时可分开异或</translation>
    </message>
    <message>
        <source>K(x, z) = exp(−‖x − z‖² / (2σ²)): separates circles</source>
        <translation>K(x, z) = exp(−‖x − z‖² / (2σ²))：可分开同心圆</translation>
    </message>
    <message>
        <source>polynomial kernel: degree (whole, 1 to 20)</source>
        <translation>多项式核：次数（整数，1 到 20）</translation>
    </message>
    <message>
        <source>polynomial kernel: coef0 &gt;= 0</source>
        <translation>多项式核：coef0 ≥ 0</translation>
    </message>
    <message>
        <source>RBF kernel: width σ &gt; 0</source>
        <translation>径向基核：宽度 σ &gt; 0</translation>
    </message>
    <message>
        <source>margin perceptron: correct every point with y(w·x + b) &lt;= margin (&gt;= 0)</source>
        <translation>间隔感知机：修正每个满足 y(w·x + b) ≤ 间隔的点（间隔 ≥ 0）</translation>
    </message>
    <message>
        <source>every label is +1: one class, nothing to separate</source>
        <translation>所有标签都是 +1：只有一类，无可分隔</translation>
    </message>
    <message>
        <source>every label is -1: one class, nothing to separate</source>
        <translation>所有标签都是 -1：只有一类，无可分隔</translation>
    </message>
</context>
<context>
    <name>DataCanvas</name>
    <message>
        <source>normal</source>
        <translation>法向量</translation>
    </message>
    <message>
        <source>the line is this way</source>
        <translation>直线在这个方向</translation>
    </message>
    <message>
        <source>{name} (the answer)</source>
        <translation>{name}（答案）</translation>
    </message>
    <message>
        <source>current w</source>
        <translation>当前 w</translation>
    </message>
    <message>
        <source>{name}: mistake → update</source>
        <translation>{name}：误分类 → 更新</translation>
    </message>
    <message>
        <source>{name}: inside the margin → update</source>
        <translation>{name}：在间隔内 → 更新</translation>
    </message>
    <message>
        <source>{name}: correct ✓</source>
        <translation>{name}：正确 ✓</translation>
    </message>
    <message>
        <source>1 predict: w·{name} + b = {f} &gt; 0, so the guess is +1</source>
        <translation>1 预测：w·{name} + b = {f} &gt; 0，所以猜 +1</translation>
    </message>
    <message>
        <source>1 predict: w·{name} + b = {f} &lt; 0, so the guess is −1</source>
        <translation>1 预测：w·{name} + b = {f} &lt; 0，所以猜 −1</translation>
    </message>
    <message>
        <source>2 reveal: y = {truth}, so y(w·{name} + b) = {m}&#xa0;≤&#xa0;0: a mistake</source>
        <translation>2 揭晓：y = {truth}，所以 y(w·{name} + b) = {m}&#xa0;≤&#xa0;0：误分类</translation>
    </message>
    <message>
        <source>3 correct w: old w + {step} = new w</source>
        <translation>3 更正 w：旧 w + {step} = 新 w</translation>
    </message>
    <message>
        <source>old w + {step} = new w</source>
        <translation>旧 w + {step} = 新 w</translation>
    </message>
    <message>
        <source>b: {b0} → {b1}</source>
        <translation>b：{b0} → {b1}</translation>
    </message>
    <message>
        <source>old w</source>
        <translation>旧 w</translation>
    </message>
    <message>
        <source>new w</source>
        <translation>新 w</translation>
    </message>
    <message>
        <source>1 predict: w·{name} + b = 0: on the line, so the guess is +1 (sign(0) = +1)</source>
        <translation>1 预测：w·{name} + b = 0：点在直线上，所以猜 +1（sign(0) = +1）</translation>
    </message>
    <message>
        <source>2 reveal: y = {truth}, so y(w·{name} + b) = {m}&#xa0;≤&#xa0;0: on the line counts as a mistake</source>
        <translation>2 揭晓：y = {truth}，所以 y(w·{name} + b) = {m}&#xa0;≤&#xa0;0：点在直线上算作误分类</translation>
    </message>
    <message>
        <source>{name} = ({x}, {y}), label y = {label}</source>
        <translation>{name} = ({x}, {y})，标签 y = {label}</translation>
    </message>
    <message>
        <source>right</source>
        <translation>分类正确</translation>
    </message>
    <message>
        <source>a mistake (≤ 0)</source>
        <translation>误分类（≤ 0）</translation>
    </message>
    <message>
        <source>y(w·x + b) = {score}: {what}</source>
        <translation>y(w·x + b) = {score}：{what}</translation>
    </message>
    <message>
        <source>y·f(x) = {score}: {what}</source>
        <translation>y·f(x) = {score}：{what}</translation>
    </message>
    <message>
        <source>w = 0: no line; every point is predicted {sign} (b = {b})</source>
        <translation>w = 0：没有直线；每个点都预测为 {sign}（b = {b}）</translation>
    </message>
    <message>
        <source>R = max‖x‖ = {r}   (D = √(R²+1) = {d} with the bias)</source>
        <translation>R = max‖x‖ = {r}   （含偏置时 D = √(R²+1) = {d}）</translation>
    </message>
    <message>
        <source>γ = {g} in (x, 1) space; band ±{h} in the plane</source>
        <translation>(x, 1) 空间中 γ = {g}；平面上的间隔带为 ±{h}</translation>
    </message>
    <message>
        <source>γ = {g} (band ±γ)</source>
        <translation>γ = {g}（间隔带 ±γ）</translation>
    </message>
</context>
<context>
    <name>DataError</name>
    <message>
        <source>no such file</source>
        <translation>没有这个文件</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>没有读取权限</translation>
    </message>
    <message>
        <source>{0} is not a number: {1}</source>
        <translation>{0} 不是数：{1}</translation>
    </message>
    <message>
        <source>y = {0} is not a label: labels are +1 and −1 (or 0 and 1)</source>
        <translation>y = {0} 不是类别标记：标记是 +1 和 −1（或 0 和 1）</translation>
    </message>
    <message>
        <source>expected 3 values (x1, x2, y), found {0}</source>
        <translation>应有 3 个值（x1, x2, y），实有 {0} 个</translation>
    </message>
    <message>
        <source>no points</source>
        <translation>没有点</translation>
    </message>
    <message>
        <source>not a text file</source>
        <translation>不是文本文件</translation>
    </message>
    <message>
        <source>{source}, line {line}: {message}</source>
        <extracomment>Where the error is, around its message.</extracomment>
        <translation>{source}，第 {line} 行：{message}</translation>
    </message>
    <message>
        <source>{source}: {message}</source>
        <translation>{source}：{message}</translation>
    </message>
    <message>
        <source>line {line}: {message}</source>
        <translation>第 {line} 行：{message}</translation>
    </message>
</context>
<context>
    <name>DualView</name>
    <message>
        <source>Gram matrix G = [xᵢ·xⱼ]</source>
        <translation>Gram 矩阵 G = [xᵢ·xⱼ]</translation>
    </message>
    <message>
        <source>kernel matrix K(xᵢ, xⱼ) = {formula} ({kernel} kernel)</source>
        <translation>核矩阵 K(xᵢ, xⱼ) = {formula}（{kernel}）</translation>
    </message>
    <message>
        <source>column j (point)</source>
        <translation>列 j（点）</translation>
    </message>
    <message>
        <source>column j</source>
        <translation>列 j</translation>
    </message>
    <message>
        <source>row i (point)</source>
        <translation>行 i（点）</translation>
    </message>
    <message>
        <source>row i</source>
        <translation>行 i</translation>
    </message>
    <message>
        <source>no points</source>
        <translation>没有点</translation>
    </message>
    <message>
        <source>around the current point</source>
        <translation>当前点附近</translation>
    </message>
    <message>
        <source>(the first ones)</source>
        <translation>（最前面的）</translation>
    </message>
    <message>
        <source>G is N×N = {n}×{n} ({bytes}): showing rows/columns x{a}–x{b} {where}</source>
        <translation>G 为 N×N = {n}×{n}（{bytes}）：显示{where}的行/列 x{a}–x{b}</translation>
    </message>
    <message>
        <source>Switch the mode to dual to see α (G depends on the points only)</source>
        <translation>切换到对偶形式可看到 α（G 只取决于这些点）</translation>
    </message>
    <message>
        <source>α = η × updates on each point; the current point&apos;s row is yellow</source>
        <translation>α = η × 每个点上的更新次数；当前点所在的行为黄色</translation>
    </message>
    <message>
        <source>α = η × updates on each point (bars beside the rows); the current row is outlined</source>
        <translation>α = η × 每个点上的更新次数（行旁的条形）；当前行带边框</translation>
    </message>
</context>
<context>
    <name>ExperimentPanel</name>
    <message>
        <source>{runs} runs: {mode}, order {order}, η = {eta}, seeds {first}…{last}</source>
        <translation>{runs} 次运行：{mode}，顺序 {order}，η = {eta}，种子 {first}…{last}</translation>
    </message>
    <message>
        <source>Run i is the window&apos;s run with seed {seed} + i: any one can be replayed.</source>
        <translation>第 i 次运行即窗口中种子为 {seed} + i 的运行：任何一次都可单独重现。</translation>
    </message>
    <message>
        <source>batch steps</source>
        <translation>批量步数</translation>
    </message>
    <message>
        <source>updates</source>
        <translation>更新次数</translation>
    </message>
    <message>
        <source>{what}: mean {mean}, median {median}, min {min}, max {max}, spread (std) {std}</source>
        <translation>{what}：平均 {mean}，中位数 {median}，最小 {min}，最大 {max}，离散（标准差）{std}</translation>
    </message>
    <message>
        <source>mistakes: mean {mean}, median {median}, min {min}, max {max}</source>
        <translation>误分类次数：平均 {mean}，中位数 {median}，最小 {min}，最大 {max}</translation>
    </message>
    <message>
        <source>the answer&apos;s error on these points: mean {mean}, median {median}, min {min}, max {max}</source>
        <translation>答案在这些点上的错误率：平均 {mean}，中位数 {median}，最小 {min}，最大 {max}</translation>
    </message>
    <message>
        <source>test error of the answer on {name} ({n} points): mean {mean}, median {median}, min {min}, max {max}</source>
        <translation>答案在 {name}（{n} 个点）上的测试错误率：平均 {mean}，中位数 {median}，最小 {min}，最大 {max}</translation>
    </message>
    <message>
        <source>converged: {n} of {runs} runs; {seconds} s</source>
        <translation>收敛：{runs} 次中 {n} 次；{seconds} 秒</translation>
    </message>
    <message>
        <source>The order is {order}: every run is the same. A random order makes them differ.</source>
        <translation>顺序为 {order}：每次运行都相同。选择随机顺序，运行才会不同。</translation>
    </message>
    <message>
        <source>batch steps per run</source>
        <translation>每次运行的批量步数</translation>
    </message>
    <message>
        <source>updates per run</source>
        <translation>每次运行的更新次数</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>运行次数</translation>
    </message>
    <message>
        <source>the bound</source>
        <translation>上界</translation>
    </message>
    <message>
        <source>no bound on updates for this mode and these data</source>
        <translation>此模式和这些数据没有更新次数的上界</translation>
    </message>
    <message>
        <source>{name} = {bound}: {times}× the largest run</source>
        <translation>{name} = {bound}：最大一次运行的 {times} 倍</translation>
    </message>
    <message>
        <source>&amp;Runs</source>
        <translation>运行次数(&amp;R)</translation>
    </message>
    <message>
        <source>How many runs: run i has the seed of the settings + i, the rest the same</source>
        <translation>运行多少次：第 i 次运行的种子为设置的种子 + i，其余设置相同</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Run the window&apos;s data and settings this many times</source>
        <translation>用窗口中的数据和设置运行这么多次</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>&amp;Test on</source>
        <translation>测试集(&amp;T)</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <source>A test set from a file: each run&apos;s answer is scored on its points (as perceptron experiment --test)</source>
        <translation>从文件读入测试集：每次运行的答案在其点上计算错误率（同 perceptron experiment --test）</translation>
    </message>
    <message>
        <source>Score on the points themselves again</source>
        <translation>改回在这些点本身上计算错误率</translation>
    </message>
    <message>
        <source>running… %p%</source>
        <translation>运行中… %p%</translation>
    </message>
    <message>
        <source>the points themselves</source>
        <translation>这些点本身</translation>
    </message>
    <message>
        <source>{name} ({n} points)</source>
        <translation>{name}（{n} 个点）</translation>
    </message>
    <message>
        <source>(before the last change of the data or settings: run again)</source>
        <translation>（这是数据或设置上次更改之前的结果：请重新运行）</translation>
    </message>
    <message>
        <source>Run the window&apos;s data and settings many times, run i with seed s + i, and see how many updates they take against the bound.</source>
        <translation>用窗口中的数据和设置运行多次（第 i 次的种子为 s + i），看看各需多少次更新，并与上界比较。</translation>
    </message>
    <message>
        <source>No points: add or open some first.</source>
        <translation>没有点：请先添加或打开一些点。</translation>
    </message>
    <message>
        <source>Experiments start from w = 0, b = 0.</source>
        <translation>实验从 w = 0、b = 0 开始。</translation>
    </message>
    <message>
        <source>The test set has {test} features and the points {dim}: choose another.</source>
        <translation>测试集有 {test} 个特征，而这些点有 {dim} 个：请另选一个。</translation>
    </message>
    <message>
        <source>A test set for the experiment</source>
        <translation>实验的测试集</translation>
    </message>
    <message>
        <source>the file has no points</source>
        <translation>文件中没有点</translation>
    </message>
    <message>
        <source>Test set not read: {error}</source>
        <translation>未读入测试集：{error}</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Cancelled: the data or the settings changed.</source>
        <translation>已取消：数据或设置已更改。</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>k = {k}: the run goes on after this</source>
        <translation>k = {k}：之后运行还会继续</translation>
    </message>
    <message>
        <source>converged after {k} updates: every point is on its side</source>
        <translation>{k} 次更新后收敛：每个点都在正确的一侧</translation>
    </message>
    <message>
        <source>stopped after {k} updates: {reason}</source>
        <translation>{k} 次更新后停止：{reason}</translation>
    </message>
    <message>
        <source>k = {k}   mistakes: {m}</source>
        <translation>k = {k}   误分类：{m}</translation>
    </message>
    <message>
        <source>misclassified point</source>
        <translation>误分类点</translation>
    </message>
    <message>
        <source>points summed</source>
        <translation>求和的点</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export an animation</source>
        <translation>导出动画</translation>
    </message>
    <message>
        <source>Export the figure</source>
        <translation>导出图片</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>高度</translation>
    </message>
    <message>
        <source>The PNG&apos;s resolution (metadata only) and the SVG&apos;s size</source>
        <translation>PNG 的分辨率（仅元数据）和 SVG 的尺寸</translation>
    </message>
    <message>
        <source>Title: k, w and b</source>
        <translation>标题：k、w 和 b</translation>
    </message>
    <message>
        <source> updates</source>
        <translation> 次更新</translation>
    </message>
    <message>
        <source>Frames: the initial state, then one per update</source>
        <translation>帧：先是初始状态，然后每次更新一帧</translation>
    </message>
    <message>
        <source>How long each frame stays (the last one stays longer)</source>
        <translation>每帧停留的时间（最后一帧停留更久）</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>每帧</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>分辨率</translation>
    </message>
    <message>
        <source>Export the iteration table</source>
        <translation>导出迭代表</translation>
    </message>
</context>
<context>
    <name>Figure</name>
    <message>
        <source>{answer} of {m} vectors</source>
        <translation>{answer}：{m} 个向量</translation>
    </message>
</context>
<context>
    <name>FileDialog</name>
    <message>
        <source>Look in:</source>
        <translation>查找范围：</translation>
    </message>
    <message>
        <source>File name:</source>
        <translation>文件名：</translation>
    </message>
    <message>
        <source>Files of type:</source>
        <translation>文件类型：</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>GenerateDialog</name>
    <message>
        <source>separable</source>
        <translation>线性可分</translation>
    </message>
    <message>
        <source>noisy</source>
        <translation>带噪声</translation>
    </message>
    <message>
        <source>xor</source>
        <translation>异或</translation>
    </message>
    <message>
        <source>blobs</source>
        <translation>两团高斯</translation>
    </message>
    <message>
        <source>circles</source>
        <translation>同心圆</translation>
    </message>
    <message>
        <source>example</source>
        <translation>例题</translation>
    </message>
    <message>
        <source>update geometry</source>
        <translation>更新的几何</translation>
    </message>
    <message>
        <source>Linearly separable: every point at least `margin` from a random line</source>
        <translation>线性可分：每个点到一条随机直线的距离至少为 `margin`</translation>
    </message>
    <message>
        <source>Separable, then a fraction `noise` of the labels flipped</source>
        <translation>先线性可分，再翻转比例为 `noise` 的标签</translation>
    </message>
    <message>
        <source>The XOR pattern: no line separates it</source>
        <translation>异或模式：没有直线能将其分开</translation>
    </message>
    <message>
        <source>Two Gaussian blobs (overlap grows with `noise`)</source>
        <translation>两团高斯分布的点（重叠随 `noise` 增大）</translation>
    </message>
    <message>
        <source>One class inside a ring of the other: not linearly separable</source>
        <translation>一类在另一类的环内：线性不可分</translation>
    </message>
    <message>
        <source>The worked example: (3,3) +1, (4,3) +1, (1,1) −1</source>
        <translation>教材例题：(3,3) +1，(4,3) +1，(1,1) −1</translation>
    </message>
    <message>
        <source>Six points whose updates draw real triangles: old w + ηyx = new w</source>
        <translation>六个点，其更新画出真正的三角形：旧 w + ηyx = 新 w</translation>
    </message>
    <message>
        <source>Generate data</source>
        <translation>生成数据</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>points N</source>
        <translation>点数 N</translation>
    </message>
    <message>
        <source>margin</source>
        <translation>间隔</translation>
    </message>
    <message>
        <source>noise</source>
        <translation>噪声</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>separable / noisy: the least distance of a point from the line</source>
        <translation>线性可分 / 带噪声：点到直线的最小距离</translation>
    </message>
    <message>
        <source>noisy: the fraction of flipped labels; blobs, circles: spread</source>
        <translation>带噪声：翻转标签的比例；两团高斯、同心圆：分散程度</translation>
    </message>
    <message>
        <source>generate {kind} (N = {n}, seed {seed})</source>
        <translation>生成{kind}数据（N = {n}，种子 {seed}）</translation>
    </message>
</context>
<context>
    <name>HelpDialog</name>
    <message>
        <source>Space</source>
        <translation>空格</translation>
    </message>
    <message>
        <source>Step: go to the next mistake and correct it</source>
        <translation>单步：找到下一个误分类点并更新</translation>
    </message>
    <message>
        <source>V</source>
        <translation>V</translation>
    </message>
    <message>
        <source>Visit: look at the next point only (update if wrong)</source>
        <translation>访问：只看下一个点（分错则更新）</translation>
    </message>
    <message>
        <source>Backspace</source>
        <translation>退格</translation>
    </message>
    <message>
        <source>Step back: undo the last update</source>
        <translation>后退：撤销上一次更新</translation>
    </message>
    <message>
        <source>R</source>
        <translation>R</translation>
    </message>
    <message>
        <source>Run / pause</source>
        <translation>运行 / 暂停</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Pause (and clear the selection); leave presentation mode</source>
        <translation>暂停（并取消选择）；退出演示模式</translation>
    </message>
    <message>
        <source>E</source>
        <translation>E</translation>
    </message>
    <message>
        <source>Run to the end</source>
        <translation>运行到底</translation>
    </message>
    <message>
        <source>Home</source>
        <translation>Home</translation>
    </message>
    <message>
        <source>Reset to the initial weights</source>
        <translation>重置为初始权重</translation>
    </message>
    <message>
        <source>← / →</source>
        <translation>← / →</translation>
    </message>
    <message>
        <source>One update earlier / later on the timeline</source>
        <translation>在时间轴上前移 / 后移一次更新</translation>
    </message>
    <message>
        <source>F5</source>
        <translation>F5</translation>
    </message>
    <message>
        <source>Presentation mode (Esc leaves it)</source>
        <translation>演示模式（按 Esc 退出）</translation>
    </message>
    <message>
        <source>B or . / W or ,</source>
        <translation>B 或 . / W 或 ,</translation>
    </message>
    <message>
        <source>Blank the screen black / white (the same key or Esc shows it again)</source>
        <translation>黑屏 / 白屏（再按同一键或 Esc 恢复）</translation>
    </message>
    <message>
        <source>PageDown / PageUp</source>
        <translation>PageDown / PageUp</translation>
    </message>
    <message>
        <source>In a lesson (a presenter&apos;s clicker): the next update or scene / one back (→ / ← and Space / Backspace too)</source>
        <translation>课程中（演示翻页笔）：下一次更新或下一个场景 / 后退一步（→ / ← 与空格 / 退格亦可）</translation>
    </message>
    <message>
        <source>Y / N, a point&apos;s number and Enter</source>
        <translation>Y / N，点的编号加 Enter</translation>
    </message>
    <message>
        <source>In a lesson: answer its question</source>
        <translation>课程中：回答其中的问题</translation>
    </message>
    <message>
        <source>S</source>
        <translation>S</translation>
    </message>
    <message>
        <source>Skip the update&apos;s slow motion (predict → reveal → correct)</source>
        <translation>跳过更新的慢动作（预测 → 揭晓 → 更正）</translation>
    </message>
    <message>
        <source>P</source>
        <translation>P</translation>
    </message>
    <message>
        <source>Step through predict, reveal, correct: each Space shows one phase</source>
        <translation>逐步显示预测、揭晓、修正：每按一次空格显示一个阶段</translation>
    </message>
    <message>
        <source>C</source>
        <translation>C</translation>
    </message>
    <message>
        <source>Compare: a second run beside the first (same points, its own settings)</source>
        <translation>比较：在第一次运行旁边再运行一次（相同的点，各自的设置）</translation>
    </message>
    <message>
        <source>Left click</source>
        <translation>左键单击</translation>
    </message>
    <message>
        <source>Add a point of the chosen class (+1 by default)</source>
        <translation>添加所选类别的点（默认 +1）</translation>
    </message>
    <message>
        <source>Right click, Alt+click</source>
        <translation>右键单击、Alt+单击</translation>
    </message>
    <message>
        <source>Add a −1 point</source>
        <translation>添加一个 −1 类点</translation>
    </message>
    <message>
        <source>+ / −</source>
        <translation>+ / −</translation>
    </message>
    <message>
        <source>Choose the class a left click adds</source>
        <translation>选择左键单击添加的类别</translation>
    </message>
    <message>
        <source>Click a point, drag</source>
        <translation>单击点、拖动</translation>
    </message>
    <message>
        <source>Select it; drag to move it</source>
        <translation>选中该点；拖动以移动它</translation>
    </message>
    <message>
        <source>Drag on empty space</source>
        <translation>在空白处拖动</translation>
    </message>
    <message>
        <source>Select the points in a rectangle (Ctrl adds)</source>
        <translation>框选矩形内的点（按住 Ctrl 追加）</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
    <message>
        <source>Delete the selected points</source>
        <translation>删除选中的点</translation>
    </message>
    <message>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <source>Flip the labels of the selected points</source>
        <translation>翻转选中点的标签</translation>
    </message>
    <message>
        <source>K</source>
        <translation>K</translation>
    </message>
    <message>
        <source>Keyboard editing: arrows (Shift: finer) move a cursor, Enter adds, ] / [ select, Alt+arrows move, Esc or K leaves</source>
        <translation>键盘编辑：方向键（按住 Shift 更细）移动光标，Enter 添加，] / [ 选择，Alt+方向键移动，Esc 或 K 退出</translation>
    </message>
    <message>
        <source>Ctrl+T</source>
        <translation>Ctrl+T</translation>
    </message>
    <message>
        <source>The points as a table (labels, scores, mistakes)</source>
        <translation>以表格显示数据点（标签、得分、误分类）</translation>
    </message>
    <message>
        <source>Ctrl+A</source>
        <translation>Ctrl+A</translation>
    </message>
    <message>
        <source>Select all points</source>
        <translation>选中所有点</translation>
    </message>
    <message>
        <source>G</source>
        <translation>G</translation>
    </message>
    <message>
        <source>Snap new and moved points to a 0.5 grid</source>
        <translation>新建和移动的点对齐到 0.5 网格</translation>
    </message>
    <message>
        <source>Ctrl+Z / Ctrl+Shift+Z or Ctrl+Y</source>
        <translation>Ctrl+Z / Ctrl+Shift+Z 或 Ctrl+Y</translation>
    </message>
    <message>
        <source>Ctrl++ or Ctrl+= / Ctrl+− / Ctrl+0</source>
        <translation>Ctrl++ 或 Ctrl+= / Ctrl+− / Ctrl+0</translation>
    </message>
    <message>
        <source>Undo / redo an edit</source>
        <translation>撤销 / 重做编辑</translation>
    </message>
    <message>
        <source>Ctrl+G</source>
        <translation>Ctrl+G</translation>
    </message>
    <message>
        <source>Generate a data set</source>
        <translation>生成数据集</translation>
    </message>
    <message>
        <source>Ctrl+O / Ctrl+S</source>
        <translation>Ctrl+O / Ctrl+S</translation>
    </message>
    <message>
        <source>Open / save (CSV or session JSON)</source>
        <translation>打开 / 保存（CSV 或会话 JSON）</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>Save as</source>
        <translation>另存为</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export the canvas as PNG or SVG</source>
        <translation>把画布导出为 PNG 或 SVG</translation>
    </message>
    <message>
        <source>Ctrl+Q</source>
        <translation>Ctrl+Q</translation>
    </message>
    <message>
        <source>Quit (asks first over unsaved edits)</source>
        <translation>退出（有未保存的更改时先询问）</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>Fit the view to the points</source>
        <translation>视图适配所有点</translation>
    </message>
    <message>
        <source>F9</source>
        <translation>F9</translation>
    </message>
    <message>
        <source>Show or hide every panel (the keys still work)</source>
        <translation>显示或隐藏所有面板（快捷键仍然可用）</translation>
    </message>
    <message>
        <source>Larger / smaller / normal size of everything</source>
        <translation>整体放大 / 缩小 / 恢复正常大小</translation>
    </message>
    <message>
        <source>Mouse wheel, middle drag</source>
        <translation>鼠标滚轮、中键拖动</translation>
    </message>
    <message>
        <source>Zoom, pan</source>
        <translation>缩放、平移</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>This help</source>
        <translation>本帮助</translation>
    </message>
    <message>
        <source>perceptron-gui: keys and mouse</source>
        <translation>perceptron-gui：键盘与鼠标</translation>
    </message>
    <message>
        <source>&lt;p&gt;Markers: &lt;b&gt;○&lt;/b&gt; blue = +1, &lt;b&gt;×&lt;/b&gt; vermillion = −1. Misclassified points (y(w·x+b) ≤ 0) have a yellow halo and a dark ring; the point of the last update has a square.&lt;/p&gt;</source>
        <translation>&lt;p&gt;标记：&lt;b&gt;○&lt;/b&gt; 蓝色 = +1，&lt;b&gt;×&lt;/b&gt; 朱红色 = −1。误分类点（y(w·x+b) ≤ 0）带有黄色光晕和深色圆环；最近一次更新所用的点带有方框。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ImagePanel</name>
    <message>
        <source>{answer} w</source>
        <translation>{answer}的 w</translation>
    </message>
    <message>
        <source>{w} as an image of {rows} × {cols} pixels</source>
        <translation>{w} 画成 {rows} × {cols} 像素的图像</translation>
    </message>
    <message>
        <source>The kernel perceptron has no w to draw: its α are in the tables.</source>
        <translation>核感知机没有可画的 w：它的 α 在表格中。</translation>
    </message>
    <message>
        <source>w_j &gt; 0 in ○&apos;s colour (ink there votes +1), w_j &lt; 0 in ×&apos;s (votes −1); largest |w_j| = {top}</source>
        <translation>w_j &gt; 0 用 ○ 的颜色（那里的笔画投 +1），w_j &lt; 0 用 × 的颜色（投 −1）；最大 |w_j| = {top}</translation>
    </message>
    <message>
        <source>misclassified: {wrong} of {n}</source>
        <translation>误分类：{n} 个中的 {wrong} 个</translation>
    </message>
    <message>
        <source> (the first {k})</source>
        <translation>（前 {k} 个）</translation>
    </message>
    <message>
        <source>{name}: labelled {label}, on the wrong side</source>
        <translation>{name}：标签 {label}，在错误的一侧</translation>
    </message>
</context>
<context>
    <name>IterationModel</name>
    <message>
        <source>point</source>
        <translation>误分类点</translation>
    </message>
    <message>
        <source>points summed</source>
        <translation>求和的点</translation>
    </message>
    <message>
        <source>update</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>mistake</source>
        <translation>误分类</translation>
    </message>
    <message>
        <source>margin</source>
        <translation>间隔</translation>
    </message>
    <message>
        <source>update number (mistakes so far)</source>
        <translation>更新序号（迄今的误分类次数）</translation>
    </message>
    <message>
        <source>the point updated on (x1 … xN, as on the canvas)</source>
        <translation>本次更新所用的点（x1 … xN，与画布上相同）</translation>
    </message>
    <message>
        <source>x₁ of the point</source>
        <translation>该点的 x₁</translation>
    </message>
    <message>
        <source>x₂ of the point</source>
        <translation>该点的 x₂</translation>
    </message>
    <message>
        <source>the label of the point</source>
        <translation>该点的标签</translation>
    </message>
    <message>
        <source>w₁ after the update</source>
        <translation>更新后的 w₁</translation>
    </message>
    <message>
        <source>w₂ after the update</source>
        <translation>更新后的 w₂</translation>
    </message>
    <message>
        <source>w = (w₁, w₂) after the update</source>
        <translation>更新后的 w = (w₁, w₂)</translation>
    </message>
    <message>
        <source>b after the update</source>
        <translation>更新后的 b</translation>
    </message>
    <message>
        <source>α of the point after the update (updates on it so far × η)</source>
        <translation>更新后该点的 α（迄今在该点上的更新次数 × η）</translation>
    </message>
    <message>
        <source>how many mistakes the batch step corrected at once</source>
        <translation>批量步一次更正了多少个误分类点</translation>
    </message>
    <message>
        <source>the points M whose ηyx the step summed</source>
        <translation>这一步对其 ηyx 求和的点集 M</translation>
    </message>
    <message>
        <source>mistake: y·(w·x + b) ≤ 0 before the update; margin: right, but inside the margin</source>
        <translation>误分类：更新前 y·(w·x + b) ≤ 0；间隔：分类正确，但在间隔之内</translation>
    </message>
    <message>
        <source>the decision function after the update, written out</source>
        <translation>更新后的决策函数（展开写出）</translation>
    </message>
    <message>
        <source>how many visits the vector after this update survived (its vote)</source>
        <translation>本次更新后的向量存活了多少次访问（它的票数）</translation>
    </message>
    <message>
        <source>the average of w over every visit up to this vector&apos;s last (the last row: the answer)</source>
        <translation>到这个向量最后一次访问为止，各次访问后 w 的平均（最后一行：即答案）</translation>
    </message>
    <message>
        <source>the average of b over every visit up to this vector&apos;s last (the last row: the answer)</source>
        <translation>到这个向量最后一次访问为止，各次访问后 b 的平均（最后一行：即答案）</translation>
    </message>
    <message>
        <source>α of the {m} points updated, of {n}; every other α is 0</source>
        <translation>更新过的 {m} 个点的 α（共 {n} 个点）；其余的 α 都是 0</translation>
    </message>
</context>
<context>
    <name>IterationTable</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the selected rows (all rows if none) as tab-separated text</source>
        <translation>把选中的行（未选中则全部）复制为制表符分隔的文本</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Write every update to a CSV file</source>
        <translation>把每次更新写入 CSV 文件</translation>
    </message>
    <message>
        <source>Copy as</source>
        <translation>复制为</translation>
    </message>
    <message>
        <source>Copy the textbook&apos;s table as LaTeX or Markdown</source>
        <translation>把教材式的表格复制为 LaTeX 或 Markdown</translation>
    </message>
    <message>
        <source>1 update</source>
        <translation>1 次更新</translation>
    </message>
    <message>
        <source>{k} updates</source>
        <translation>{k} 次更新</translation>
    </message>
    <message>
        <source>Export the updates</source>
        <translation>导出更新</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>导出 CSV</translation>
    </message>
</context>
<context>
    <name>LessonPanel</name>
    <message>
        <source>Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Move the selected scene earlier</source>
        <translation>把选中的场景前移</translation>
    </message>
    <message>
        <source>Move the selected scene later</source>
        <translation>把选中的场景后移</translation>
    </message>
    <message>
        <source>Delete the selected scene from the lesson</source>
        <translation>从课程中删除选中的场景</translation>
    </message>
    <message>
        <source>No lesson open: File ▸ Open lesson…</source>
        <translation>没有打开课程：文件 ▸ 打开课程…</translation>
    </message>
</context>
<context>
    <name>LessonPlayer</name>
    <message>
        <source>lesson not opened: {error}</source>
        <translation>课程未打开：{error}</translation>
    </message>
    <message>
        <source>lesson: {title}</source>
        <translation>课程：{title}</translation>
    </message>
    <message>
        <source>the answer: it converges</source>
        <translation>答案：它会收敛</translation>
    </message>
    <message>
        <source>the answer: it never converges</source>
        <translation>答案：它永不收敛</translation>
    </message>
    <message>
        <source>the update is on {point}</source>
        <translation>更新的是 {point}</translation>
    </message>
    <message>
        <source>right: it converges</source>
        <translation>答对了：它会收敛</translation>
    </message>
    <message>
        <source>right: it never converges</source>
        <translation>答对了：它永远不会收敛</translation>
    </message>
    <message>
        <source>wrong: it converges</source>
        <translation>答错了：它会收敛</translation>
    </message>
    <message>
        <source>wrong: it never converges</source>
        <translation>答错了：它永远不会收敛</translation>
    </message>
    <message>
        <source>right: the update is on {point}</source>
        <translation>答对了：更新的是 {point}</translation>
    </message>
    <message>
        <source>wrong: the update is on {point}, not x{chosen}</source>
        <translation>答错了：更新的是 {point}，不是 x{chosen}</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>no lesson to save</source>
        <translation>没有可保存的课程</translation>
    </message>
    <message>
        <source>lesson not saved: {error}</source>
        <translation>课程未保存：{error}</translation>
    </message>
    <message>
        <source>saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <source>Open lesson</source>
        <translation>打开课程</translation>
    </message>
    <message>
        <source>Add this scene</source>
        <translation>添加此场景</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>标题：</translation>
    </message>
    <message>
        <source>Caption:</source>
        <translation>说明：</translation>
    </message>
    <message>
        <source>Save lesson</source>
        <translation>保存课程</translation>
    </message>
    <message>
        <source>Which point is corrected next? Click it or type its number</source>
        <translation>下一个被修正的是哪个点？点击它或输入它的编号</translation>
    </message>
    <message>
        <source>Will this run converge? Y / N</source>
        <translation>这次运行会收敛吗？Y / N</translation>
    </message>
    <message>
        <source>tally: {right} right of {asked} asked</source>
        <translation>统计：{asked} 问中答对 {right}</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Data and sessions (*.csv *.txt *.json);;CSV data (*.csv *.txt);;Sessions (*.json)</source>
        <translation>数据和会话 (*.csv *.txt *.json);;CSV 数据 (*.csv *.txt);;会话 (*.json)</translation>
    </message>
    <message>
        <source>light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>high-contrast</source>
        <translation>高对比度</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>控制</translation>
    </message>
    <message>
        <source>Mistakes and the bound</source>
        <translation>误分类次数与界</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>表格</translation>
    </message>
    <message>
        <source>Mistakes</source>
        <translation>误分类</translation>
    </message>
    <message>
        <source>Why it stops: the proof</source>
        <translation>为什么会停：收敛性证明</translation>
    </message>
    <message>
        <source>Proof</source>
        <translation>证明</translation>
    </message>
    <message>
        <source>Left click adds +1, right click adds −1. F1: all keys.</source>
        <translation>左键单击添加 +1，右键单击添加 −1。F1：所有快捷键。</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a CSV or a session</source>
        <translation>打开 CSV 或会话</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save the session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Save as CSV or session</source>
        <translation>另存为 CSV 或会话</translation>
    </message>
    <message>
        <source>&amp;Figure…</source>
        <translation>图片(&amp;F)…</translation>
    </message>
    <message>
        <source>The canvas alone, for slides: PNG or SVG at a chosen size</source>
        <translation>只导出画布，用于幻灯片：指定大小的 PNG 或 SVG</translation>
    </message>
    <message>
        <source>&amp;Animation…</source>
        <translation>动画(&amp;A)…</translation>
    </message>
    <message>
        <source>A GIF of the run, one frame per update, the narration as captions</source>
        <translation>运行过程的 GIF，每次更新一帧，解说作为字幕</translation>
    </message>
    <message>
        <source>&amp;Table…</source>
        <translation>表格(&amp;T)…</translation>
    </message>
    <message>
        <source>The iteration table in the textbook&apos;s layout: LaTeX, Markdown or CSV</source>
        <translation>教材格式的迭代表：LaTeX、Markdown 或 CSV</translation>
    </message>
    <message>
        <source>Copy table as &amp;LaTeX</source>
        <translation>复制表格为 &amp;LaTeX</translation>
    </message>
    <message>
        <source>The iteration table as a booktabs tabular, on the clipboard</source>
        <translation>把迭代表作为 booktabs 表格复制到剪贴板</translation>
    </message>
    <message>
        <source>Copy table as &amp;Markdown</source>
        <translation>复制表格为 &amp;Markdown</translation>
    </message>
    <message>
        <source>The iteration table as a Markdown table, on the clipboard</source>
        <translation>把迭代表作为 Markdown 表格复制到剪贴板</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Delete selected</source>
        <translation>删除选中的点(&amp;D)</translation>
    </message>
    <message>
        <source>Delete the selected points</source>
        <translation>删除选中的点</translation>
    </message>
    <message>
        <source>&amp;Flip labels of selected</source>
        <translation>翻转选中点的标签(&amp;F)</translation>
    </message>
    <message>
        <source>Flip the labels of the selected points</source>
        <translation>翻转选中点的标签</translation>
    </message>
    <message>
        <source>Select &amp;all</source>
        <translation>全选(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Clear all points</source>
        <translation>清除所有点(&amp;C)</translation>
    </message>
    <message>
        <source>Remove every point (undoable)</source>
        <translation>删除所有点（可撤销）</translation>
    </message>
    <message>
        <source>&amp;Generate…</source>
        <translation>生成(&amp;G)…</translation>
    </message>
    <message>
        <source>Generate a data set</source>
        <translation>生成数据集</translation>
    </message>
    <message>
        <source>Built-in &amp;example</source>
        <translation>内置示例(&amp;E)</translation>
    </message>
    <message>
        <source>The built-in example</source>
        <translation>内置示例</translation>
    </message>
    <message>
        <source>&amp;Snap to grid</source>
        <translation>对齐网格(&amp;S)</translation>
    </message>
    <message>
        <source>Snap points to a 0.5 grid</source>
        <translation>把点对齐到 0.5 网格</translation>
    </message>
    <message>
        <source>Add +1 (○)</source>
        <translation>添加 +1 (○)</translation>
    </message>
    <message>
        <source>&amp;Augmented space (figure)…</source>
        <translation>增广空间（图片）(&amp;A)…</translation>
    </message>
    <message>
        <source>The augmented space (x1, x2, 1) view: PNG or SVG</source>
        <translation>增广空间 (x1, x2, 1) 视图：PNG 或 SVG</translation>
    </message>
    <message>
        <source>A&amp;ugmented space (animation)…</source>
        <translation>增广空间（动画）(&amp;U)…</translation>
    </message>
    <message>
        <source>The augmented space view along the run: GIF or MP4, one frame per update</source>
        <translation>沿运行过程的增广空间视图：GIF 或 MP4，每次更新一帧</translation>
    </message>
    <message>
        <source>&amp;Weight space (figure)…</source>
        <translation>权重空间（图片）(&amp;W)…</translation>
    </message>
    <message>
        <source>The weight space (w1, w2, b) view: PNG or SVG</source>
        <translation>权重空间 (w1, w2, b) 视图：PNG 或 SVG</translation>
    </message>
    <message>
        <source>W&amp;eight space (animation)…</source>
        <translation>权重空间（动画）(&amp;E)…</translation>
    </message>
    <message>
        <source>The weight space view along the run: GIF or MP4, one frame per update</source>
        <translation>沿运行过程的权重空间视图：GIF 或 MP4，每次更新一帧</translation>
    </message>
    <message>
        <source>&amp;Web page…</source>
        <translation>网页(&amp;W)…</translation>
    </message>
    <message>
        <source>The run as one HTML file that opens offline: timeline, narration, readout</source>
        <translation>把这次运行存成一个离线可打开的 HTML 文件：时间轴、讲解、读数</translation>
    </message>
    <message>
        <source>Left click adds +1 points</source>
        <translation>左键单击添加 +1 类点</translation>
    </message>
    <message>
        <source>Add −1 (×)</source>
        <translation>添加 −1 (×)</translation>
    </message>
    <message>
        <source>Left click adds −1 points</source>
        <translation>左键单击添加 −1 类点</translation>
    </message>
    <message>
        <source>&amp;Iris: setosa vs versicolor (4 features)</source>
        <translation>鸢尾花：山鸢尾对变色鸢尾（4 个特征）(&amp;I)</translation>
    </message>
    <message>
        <source>100 flowers, 4 measurements in cm (Fisher 1936; UCI, CC BY 4.0)</source>
        <translation>100 朵花，4 个以厘米计的测量值（Fisher 1936；UCI，CC BY 4.0）</translation>
    </message>
    <message>
        <source>&amp;Digits: 0 vs 1 (8 × 8 images)</source>
        <translation>手写数字：0 对 1（8 × 8 图像）(&amp;D)</translation>
    </message>
    <message>
        <source>Handwritten digits, 64 grey levels each; w drawn as an image (Alpaydin and Kaynak 1998; UCI, CC BY 4.0)</source>
        <translation>手写数字，每个 64 个灰度值；w 画成图像（Alpaydin 和 Kaynak 1998；UCI，CC BY 4.0）</translation>
    </message>
    <message>
        <source>Digits: &amp;3 vs 8 (8 × 8 images)</source>
        <translation>手写数字：3 对 8（8 × 8 图像）(&amp;3)</translation>
    </message>
    <message>
        <source>&amp;Step</source>
        <translation>单步(&amp;S)</translation>
    </message>
    <message>
        <source>Next mistake and its update</source>
        <translation>下一个误分类点及其更新</translation>
    </message>
    <message>
        <source>&amp;Visit</source>
        <translation>访问(&amp;V)</translation>
    </message>
    <message>
        <source>Look at the next point only</source>
        <translation>只看下一个点</translation>
    </message>
    <message>
        <source>Step &amp;back</source>
        <translation>后退(&amp;B)</translation>
    </message>
    <message>
        <source>Undo the last update</source>
        <translation>撤销上一次更新</translation>
    </message>
    <message>
        <source>&amp;Run / pause</source>
        <translation>运行 / 暂停(&amp;R)</translation>
    </message>
    <message>
        <source>Run at the chosen speed or pause</source>
        <translation>按所选速度运行或暂停</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>Pause the run</source>
        <translation>暂停运行</translation>
    </message>
    <message>
        <source>Run to the &amp;end</source>
        <translation>运行到底(&amp;E)</translation>
    </message>
    <message>
        <source>Run until it converges or stops</source>
        <translation>运行直到收敛或停止</translation>
    </message>
    <message>
        <source>Rese&amp;t</source>
        <translation>重置(&amp;T)</translation>
    </message>
    <message>
        <source>Back to the initial weights</source>
        <translation>回到初始权重</translation>
    </message>
    <message>
        <source>&amp;Earlier on the timeline</source>
        <translation>时间轴上前移(&amp;E)</translation>
    </message>
    <message>
        <source>The state one update earlier</source>
        <translation>前一次更新时的状态</translation>
    </message>
    <message>
        <source>&amp;Later on the timeline</source>
        <translation>时间轴上后移(&amp;L)</translation>
    </message>
    <message>
        <source>One update later</source>
        <translation>后一次更新</translation>
    </message>
    <message>
        <source>E&amp;xperiment…</source>
        <translation>实验(&amp;X)…</translation>
    </message>
    <message>
        <source>Run these data and settings many times, run i with seed s + i: the updates&apos; mean, median and histogram against the bound</source>
        <translation>用这些数据和设置运行多次（第 i 次的种子为 s + i）：更新次数的平均值、中位数及其与上界对照的直方图</translation>
    </message>
    <message>
        <source>&amp;Follow w</source>
        <translation>跟随 w(&amp;F)</translation>
    </message>
    <message>
        <source>Points with more than two features: across, the direction of w (the line is the hyperplane); up, the data&apos;s principal direction ⊥ w</source>
        <translation>特征多于两个的点：横轴为 w 的方向（直线即超平面）；纵轴为数据垂直于 w 的主方向</translation>
    </message>
    <message>
        <source>&amp;Pin the view</source>
        <translation>固定视图(&amp;P)</translation>
    </message>
    <message>
        <source>Keep the view&apos;s two axes while w moves on (the line is then the hyperplane&apos;s slice)</source>
        <translation>w 继续变化时保持视图的两个轴不变（此时直线是超平面的截线）</translation>
    </message>
    <message>
        <source>&amp;Two features</source>
        <translation>两个特征(&amp;T)</translation>
    </message>
    <message>
        <source>Two of the features across and up (chosen below; the line is the hyperplane&apos;s slice)</source>
        <translation>横轴和纵轴各取一个特征（在下方选择；直线是超平面的截线）</translation>
    </message>
    <message>
        <source>&amp;Augmented space (x1, x2, 1)</source>
        <translation>增广空间 (x1, x2, 1)(&amp;A)</translation>
    </message>
    <message>
        <source>The points lifted to z = 1 and the plane ŵ·x̂ = 0 through the origin whose cut with z = 1 is the line</source>
        <translation>把点提升到 z = 1，以及过原点的平面 ŵ·x̂ = 0：它与 z = 1 的交线就是分离直线</translation>
    </message>
    <message>
        <source>&amp;Weight space (w1, w2, b)</source>
        <translation>权重空间 (w1, w2, b)(&amp;W)</translation>
    </message>
    <message>
        <source>Each point as a plane of weights, the feasible cone and the path of ŵ into it</source>
        <translation>每个点是权重空间中的一个平面；可行锥，以及 ŵ 走进它的路径</translation>
    </message>
    <message>
        <source>&amp;Keyboard editing</source>
        <translation>键盘编辑(&amp;K)</translation>
    </message>
    <message>
        <source>Edit with the keyboard: arrows move a cursor, Enter adds a point, ] and [ select, Alt+arrows move, L flips, Delete removes, Esc leaves</source>
        <translation>用键盘编辑：方向键移动光标，Enter 添加点，] 和 [ 选择，Alt+方向键移动，L 翻转，Delete 删除，Esc 退出</translation>
    </message>
    <message>
        <source>&amp;Add a point at the cursor</source>
        <translation>在光标处添加点(&amp;A)</translation>
    </message>
    <message>
        <source>Select the &amp;next point</source>
        <translation>选择下一个点(&amp;N)</translation>
    </message>
    <message>
        <source>Select the &amp;previous point</source>
        <translation>选择上一个点(&amp;P)</translation>
    </message>
    <message>
        <source>Move the selected point &amp;left</source>
        <translation>选中点左移(&amp;L)</translation>
    </message>
    <message>
        <source>Move the selected point &amp;right</source>
        <translation>选中点右移(&amp;R)</translation>
    </message>
    <message>
        <source>Move the selected point &amp;up</source>
        <translation>选中点上移(&amp;U)</translation>
    </message>
    <message>
        <source>Move the selected point &amp;down</source>
        <translation>选中点下移(&amp;D)</translation>
    </message>
    <message>
        <source>Points as a &amp;table</source>
        <translation>数据点表格(&amp;T)</translation>
    </message>
    <message>
        <source>The canvas as a table: each point, its label, its score and verdict</source>
        <translation>以表格显示画布：每个点、它的标签、得分和判定</translation>
    </message>
    <message>
        <source>Reduce &amp;motion</source>
        <translation>减少动画(&amp;M)</translation>
    </message>
    <message>
        <source>No slow motion: each update is drawn at once (remembered)</source>
        <translation>不播放慢动作：每次更新立即绘制（会被记住）</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Full screen, the canvas and large numbers for a lecture room (Esc leaves)</source>
        <translation>全屏，只显示画布和大号数字，适合教室（按 Esc 退出）</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>比较(&amp;C)</translation>
    </message>
    <message>
        <source>A second run beside the first: same points, its own mode, order, η, bias and seed</source>
        <translation>在第一次运行旁边再运行一次：相同的点，各自的形式、顺序、η、偏置和种子</translation>
    </message>
    <message>
        <source>Show the radius &amp;D</source>
        <translation>显示半径 &amp;D</translation>
    </message>
    <message>
        <source>The circle that holds every point</source>
        <translation>包含所有点的圆</translation>
    </message>
    <message>
        <source>Show the &amp;best separator and γ</source>
        <translation>显示最优分离直线和 γ(&amp;B)</translation>
    </message>
    <message>
        <source>The direction û* and its γ band</source>
        <translation>方向 û* 及其 γ 间隔带</translation>
    </message>
    <message>
        <source>F&amp;ollow the line</source>
        <translation>跟随直线(&amp;O)</translation>
    </message>
    <message>
        <source>Grow the view whenever the line would leave it (off: an arrow shows where it is)</source>
        <translation>直线将离开视图时扩大视图（关闭时用箭头指示直线的位置）</translation>
    </message>
    <message>
        <source>Keep the &amp;origin in view</source>
        <translation>保持原点可见(&amp;O)</translation>
    </message>
    <message>
        <source>D and γ are measured from the origin: keep it on the canvas</source>
        <translation>D 和 γ 从原点量起：让原点留在画布上</translation>
    </message>
    <message>
        <source>Emphasise the &amp;pocket</source>
        <translation>突出口袋中的权重(&amp;P)</translation>
    </message>
    <message>
        <source>Pocket mode: halos and the strong line show the pocket (the answer); off: the current weights</source>
        <translation>口袋算法：光晕和粗线显示口袋中的权重（答案）；关闭时显示当前权重</translation>
    </message>
    <message>
        <source>Show the &amp;update as vectors</source>
        <translation>用向量显示更新(&amp;U)</translation>
    </message>
    <message>
        <source>After each update: old w + ηyx = new w, the old line ghosted (when stepping or running at {speed} updates a second or slower)</source>
        <translation>每次更新后：旧 w + ηyx = 新 w，旧直线以虚影显示（单步时，或运行速度不超过每秒 {speed} 次更新时）</translation>
    </message>
    <message>
        <source>Step through &amp;predict, reveal, correct</source>
        <translation>逐步显示预测、揭晓、修正(&amp;P)</translation>
    </message>
    <message>
        <source>Each Space shows one phase of the update: predict, reveal, correct</source>
        <translation>每按一次空格显示更新的一个阶段：预测、揭晓、修正</translation>
    </message>
    <message>
        <source>&amp;Skip the slow motion</source>
        <translation>跳过慢动作(&amp;S)</translation>
    </message>
    <message>
        <source>Show the end of the update&apos;s predict → reveal → correct at once</source>
        <translation>立即显示更新的“预测 → 揭晓 → 更正”的结果</translation>
    </message>
    <message>
        <source>&amp;Fit view</source>
        <translation>适配视图(&amp;F)</translation>
    </message>
    <message>
        <source>Frame all points</source>
        <translation>让视图框住所有点</translation>
    </message>
    <message>
        <source>&amp;Blank the screen</source>
        <translation>黑屏(&amp;B)</translation>
    </message>
    <message>
        <source>A black screen for the room; B (or Esc) shows the window again</source>
        <translation>给教室一块黑屏；再按 B（或 Esc）显示窗口</translation>
    </message>
    <message>
        <source>&amp;White screen</source>
        <translation>白屏(&amp;W)</translation>
    </message>
    <message>
        <source>A white screen for the room; W (or Esc) shows the window again</source>
        <translation>给教室一块白屏；再按 W（或 Esc）显示窗口</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>面板(&amp;P)</translation>
    </message>
    <message>
        <source>Show or hide every panel</source>
        <translation>显示或隐藏所有面板</translation>
    </message>
    <message>
        <source>&amp;Larger</source>
        <translation>放大(&amp;L)</translation>
    </message>
    <message>
        <source>Enlarge everything</source>
        <translation>整体放大</translation>
    </message>
    <message>
        <source>S&amp;maller</source>
        <translation>缩小(&amp;M)</translation>
    </message>
    <message>
        <source>Shrink</source>
        <translation>整体缩小</translation>
    </message>
    <message>
        <source>&amp;Normal size</source>
        <translation>正常大小(&amp;N)</translation>
    </message>
    <message>
        <source>The {name} theme</source>
        <translation>{name}主题</translation>
    </message>
    <message>
        <source>&amp;About perceptron-gui</source>
        <translation>关于本程序(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Keys and mouse</source>
        <translation>键盘与鼠标(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>View of &amp;Rᵈ</source>
        <translation>Rᵈ 的视图(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>points refused: {error}</source>
        <translation>点无效：{error}</translation>
    </message>
    <message>
        <source>set {n} points</source>
        <translation>设置 {n} 个点</translation>
    </message>
    <message>
        <source>not opened: {error}</source>
        <translation>未打开：{error}</translation>
    </message>
    <message>
        <source>open {name}</source>
        <translation>打开 {name}</translation>
    </message>
    <message>
        <source>opened {path}: {n} points</source>
        <translation>已打开 {path}：{n} 个点</translation>
    </message>
    <message>
        <source>opening {name}</source>
        <translation>正在打开 {name}</translation>
    </message>
    <message>
        <source>not saved (everything is still here): {error}</source>
        <translation>未保存（所有内容仍在）：{error}</translation>
    </message>
    <message>
        <source>saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <source>scale {factor} refused: from 0.5 to 4</source>
        <translation>缩放 {factor} 无效：范围为 0.5 到 4</translation>
    </message>
    <message>
        <source>theme {name} refused: one of {names}</source>
        <translation>主题 {name} 无效：只能是 {names} 之一</translation>
    </message>
    <message>
        <source>language {code} refused: one of {codes}</source>
        <translation>语言 {code} 无效：只能是 {codes} 之一</translation>
    </message>
    <message>
        <source>Iteration table</source>
        <translation>迭代表</translation>
    </message>
    <message>
        <source>Dual view: α and G</source>
        <translation>对偶形式：α 与 G</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>nothing to recover: no autosaved session</source>
        <translation>没有可恢复的内容：没有自动保存的会话</translation>
    </message>
    <message>
        <source>Restore?</source>
        <translation>恢复？</translation>
    </message>
    <message>
        <source>perceptron-gui did not close cleanly last time.
Restore the points and settings it autosaved?</source>
        <translation>perceptron-gui 上次没有正常关闭。
要恢复自动保存的点和设置吗？</translation>
    </message>
    <message>
        <source>restored the autosaved session ({path})</source>
        <translation>已恢复自动保存的会话（{path}）</translation>
    </message>
    <message>
        <source>export failed: {error}</source>
        <translation>导出失败：{error}</translation>
    </message>
    <message>
        <source>view {kind} refused: follow, pinned, or features i ≠ j below {d}</source>
        <translation>视图 {kind} 被拒绝：可选 follow、pinned，或特征 i ≠ j（小于 {d}）</translation>
    </message>
    <message>
        <source>Undo {what}</source>
        <translation>撤销：{what}</translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>没有可撤销的操作</translation>
    </message>
    <message>
        <source>Redo {what}</source>
        <translation>重做：{what}</translation>
    </message>
    <message>
        <source>Nothing to redo</source>
        <translation>没有可重做的操作</translation>
    </message>
    <message>
        <source>editing by click is off: these points have one feature, x1 (a click&apos;s height is not one of theirs)</source>
        <translation>点击编辑已关闭：这些点只有一个特征 x1（点击的高度不属于它们）</translation>
    </message>
    <message>
        <source>editing by click is off: these points have {d} features and the view shows two directions of them (a click cannot say the other {rest})</source>
        <translation>点击编辑已关闭：这些点有 {d} 个特征，视图只显示其中两个方向（点击无法给出其余 {rest} 个）</translation>
    </message>
    <message>
        <source>nothing selected: click a point or drag a rectangle</source>
        <translation>没有选中任何点：单击一个点或拖出一个矩形</translation>
    </message>
    <message>
        <source>a left click now adds +1 (○) points</source>
        <translation>现在左键单击添加 +1 (○) 类点</translation>
    </message>
    <message>
        <source>a left click now adds −1 (×) points</source>
        <translation>现在左键单击添加 −1 (×) 类点</translation>
    </message>
    <message>
        <source>not linearly separable: there is no best separator</source>
        <translation>线性不可分：没有最优分离直线</translation>
    </message>
    <message>
        <source>perceptron-gui {version}

The perceptron, step by step: the primal and dual forms, Novikoff&apos;s bound and the textbook&apos;s worked examples.

Licence: MIT.
Documentation: the README and docs/ in the source, and Help ▸ Keys and mouse.</source>
        <translation>perceptron-gui {version}

感知机，一步一步：原始形式与对偶形式、Novikoff 定理的界，以及教材中的例题。

许可证：MIT。
文档：源代码中的 README 和 docs/，以及“帮助 ▸ 键盘与鼠标”。</translation>
    </message>
    <message>
        <source>About perceptron-gui</source>
        <translation>关于本程序</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Open data or a session</source>
        <translation>打开数据或会话</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>（暂无）</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Session (*.json);;CSV data (*.csv)</source>
        <translation>会话 (*.json);;CSV 数据 (*.csv)</translation>
    </message>
    <message>
        <source>Export the run as a web page</source>
        <translation>把这次运行导出为网页</translation>
    </message>
    <message>
        <source>Web page (*.html)</source>
        <translation>网页 (*.html)</translation>
    </message>
    <message>
        <source>no table format {format}: latex, markdown or csv</source>
        <translation>没有表格格式 {format}：只能是 latex、markdown 或 csv</translation>
    </message>
    <message>
        <source>copied the iteration table as {format}</source>
        <translation>已把迭代表复制为 {format}</translation>
    </message>
    <message>
        <source>not exported: {error}</source>
        <translation>未导出：{error}</translation>
    </message>
    <message>
        <source>exported {path}</source>
        <translation>已导出 {path}</translation>
    </message>
    <message>
        <source>not generated: {error}</source>
        <translation>未生成：{error}</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>Save the points and settings before closing?</source>
        <translation>关闭前保存点和设置吗？</translation>
    </message>
    <message>
        <source>Lessons (*.lesson.toml *.toml)</source>
        <translation>课程 (*.lesson.toml *.toml)</translation>
    </message>
    <message>
        <source>Open &amp;lesson…</source>
        <translation>打开课程(&amp;L)…</translation>
    </message>
    <message>
        <source>Open a lecture prepared as a .lesson.toml file</source>
        <translation>打开一个准备好的 .lesson.toml 讲课文件</translation>
    </message>
    <message>
        <source>The &amp;perceptron (built-in lesson)</source>
        <translation>感知机（内置课程）(&amp;P)</translation>
    </message>
    <message>
        <source>The lesson that ships with the program</source>
        <translation>程序自带的课程</translation>
    </message>
    <message>
        <source>&amp;Add this scene…</source>
        <translation>添加此场景(&amp;A)…</translation>
    </message>
    <message>
        <source>Add the data, settings, update and panels shown now as a scene</source>
        <translation>把当前显示的数据、设置、更新和面板添加为一个场景</translation>
    </message>
    <message>
        <source>&amp;Save lesson…</source>
        <translation>保存课程(&amp;S)…</translation>
    </message>
    <message>
        <source>Save the lesson as plain TOML</source>
        <translation>把课程保存为纯文本 TOML</translation>
    </message>
    <message>
        <source>&amp;Close lesson</source>
        <translation>关闭课程(&amp;C)</translation>
    </message>
    <message>
        <source>Close the lesson: the keys step the run again</source>
        <translation>关闭课程：按键重新用于单步运行</translation>
    </message>
    <message>
        <source>E&amp;xamples</source>
        <translation>示例(&amp;X)</translation>
    </message>
    <message>
        <source>&amp;Space views</source>
        <translation>空间视图(&amp;S)</translation>
    </message>
    <message>
        <source>Feature &amp;across</source>
        <translation>横轴特征(&amp;A)</translation>
    </message>
    <message>
        <source>Feature &amp;up</source>
        <translation>纵轴特征(&amp;U)</translation>
    </message>
    <message>
        <source>Le&amp;sson</source>
        <translation>课程(&amp;S)</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Save the points and settings before opening another file?</source>
        <translation>打开另一个文件前保存点和设置吗？</translation>
    </message>
    <message>
        <source>Points as a table</source>
        <translation>数据点表格</translation>
    </message>
    <message>
        <source>Augmented space (x1, x2, 1)</source>
        <translation>增广空间 (x1, x2, 1)</translation>
    </message>
    <message>
        <source>Weight space (w1, w2, b)</source>
        <translation>权重空间 (w1, w2, b)</translation>
    </message>
    <message>
        <source>no space view {kind} (augmented or weights)</source>
        <translation>没有空间视图 {kind}（augmented 或 weights）</translation>
    </message>
    <message>
        <source>principal direction 1</source>
        <translation>第一主方向</translation>
    </message>
    <message>
        <source>principal direction 2</source>
        <translation>第二主方向</translation>
    </message>
    <message>
        <source>along w</source>
        <translation>沿 w 方向</translation>
    </message>
    <message>
        <source>principal direction ⊥ w</source>
        <translation>⊥ w 的主方向</translation>
    </message>
    <message>
        <source>{axis} (pinned)</source>
        <translation>{axis}（已固定）</translation>
    </message>
    <message>
        <source>{axis}: the line is the hyperplane&apos;s slice</source>
        <translation>{axis}：直线是超平面的截线</translation>
    </message>
    <message>
        <source>Experiment: many seeded runs</source>
        <translation>实验：多次带种子的运行</translation>
    </message>
</context>
<context>
    <name>Names</name>
    <message>
        <source>primal</source>
        <translation>原始形式</translation>
    </message>
    <message>
        <source>dual</source>
        <translation>对偶形式</translation>
    </message>
    <message>
        <source>pocket</source>
        <translation>口袋算法</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>批量感知机</translation>
    </message>
    <message>
        <source>averaged</source>
        <translation>平均感知机</translation>
    </message>
    <message>
        <source>voted</source>
        <translation>投票感知机</translation>
    </message>
    <message>
        <source>pa</source>
        <translation>被动攻击算法</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>核感知机</translation>
    </message>
    <message>
        <source>margin</source>
        <translation>间隔感知机</translation>
    </message>
    <message>
        <source>linear</source>
        <translation>线性核</translation>
    </message>
    <message>
        <source>poly</source>
        <translation>多项式核</translation>
    </message>
    <message>
        <source>rbf</source>
        <translation>径向基核</translation>
    </message>
    <message>
        <source>first</source>
        <translation>首个</translation>
    </message>
    <message>
        <source>cyclic</source>
        <translation>循环</translation>
    </message>
    <message>
        <source>random-cyclic</source>
        <translation>随机循环</translation>
    </message>
    <message>
        <source>random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>converged</source>
        <translation>已收敛</translation>
    </message>
    <message>
        <source>update limit</source>
        <translation>更新次数上限</translation>
    </message>
    <message>
        <source>epoch limit</source>
        <translation>轮数上限</translation>
    </message>
    <message>
        <source>overflow</source>
        <translation>溢出</translation>
    </message>
</context>
<context>
    <name>Narration</name>
    <message>
        <source>no points: click on the canvas to add some</source>
        <translation>没有点：在画布上单击以添加点</translation>
    </message>
    <message>
        <source>start: w = (0, 0), b = 0, so y(w·x + b) = 0 ≤ 0 for every point: every point is a mistake</source>
        <translation>初值：w = (0, 0)，b = 0，所以对每个点 y(w·x + b) = 0 ≤ 0：每个点都是误分类点</translation>
    </message>
    <message>
        <source>start: w = {w}, b = {b}</source>
        <translation>初值：w = {w}，b = {b}</translation>
    </message>
    <message>
        <source>{name} = {x}, y = {y}</source>
        <translation>{name} = {x}，y = {y}</translation>
    </message>
    <message>
        <source>y(Σⱼ αⱼyⱼ {k} + b)</source>
        <translation>y(Σⱼ αⱼyⱼ {k} + b)</translation>
    </message>
    <message>
        <source>now no point is a mistake: converged</source>
        <translation>现在没有误分类点：已收敛</translation>
    </message>
    <message>
        <source>stopped ({reason})</source>
        <translation>停止（{reason}）</translation>
    </message>
    <message>
        <source>converged: a full pass found no mistake</source>
        <translation>已收敛：完整一轮没有发现误分类点</translation>
    </message>
    <message>
        <source>y(w·x + b) = {y} · ({inner})</source>
        <translation>y(w·x + b) = {y} · ({inner})</translation>
    </message>
    <message>
        <source>visit {v}: {point}: {score} &gt; 0, right: no update</source>
        <translation>第 {v} 次访问：{point}：{score} &gt; 0，分类正确：不更新</translation>
    </message>
    <message>
        <source>visit {v}: {point}: {score} {rel} {thr}: right, beyond the margin: no update</source>
        <translation>第 {v} 次访问：{point}：{score} {rel} {thr}：分类正确且超出间隔：不更新</translation>
    </message>
    <message>
        <source>update {k} on {point}: {score}: {name} is on the right side, but its margin {m} {rel} {thr} → {update}</source>
        <translation>第 {k} 次更新，点 {point}：{score}：{name} 在正确的一侧，但其间隔 {m} {rel} {thr} → {update}</translation>
    </message>
    <message>
        <source>Σ_M yx = {s}, w ← w + {step} = {w} + {eta}{s} = {new}</source>
        <translation>Σ_M yx = {s}, w ← w + {step} = {w} + {eta}{s} = {new}</translation>
    </message>
    <message>
        <source>b ← b + {step} = {b} + {eta}{sb} = {new}</source>
        <translation>b ← b + {step} = {b} + {eta}{sb} = {new}</translation>
    </message>
    <message>
        <source>α{n} ← α{n} + η = {a}</source>
        <translation>α{n} ← α{n} + η = {a}</translation>
    </message>
    <message>
        <source>w ← w + ηyx = {w} {sign} {step} = {new}</source>
        <translation>w ← w + ηyx = {w} {sign} {step} = {new}</translation>
    </message>
    <message>
        <source>b ← b + ηy = {b} {d} = {new}</source>
        <translation>b ← b + ηy = {b} {d} = {new}</translation>
    </message>
    <message>
        <source>batch step {k}: 1 mistake (y(w·x + b) ≤ 0), {names} → {update}</source>
        <translation>第 {k} 步批量更新：1 个误分类点（y(w·x + b) ≤ 0）{names} → {update}</translation>
    </message>
    <message>
        <source>batch step {k}: {m} mistakes (y(w·x + b) ≤ 0) summed: {names} → {update}</source>
        <translation>第 {k} 步批量更新：对 {m} 个误分类点（y(w·x + b) ≤ 0）求和：{names} → {update}</translation>
    </message>
    <message>
        <source>stopped ({reason}) at {updates}: {weights}</source>
        <translation>在 {updates} 处停止（{reason}）：{weights}</translation>
    </message>
    <message>
        <source>converged: a full pass found no mistake, {updates}: {weights}</source>
        <translation>已收敛：完整一轮没有误分类点，{updates}：{weights}</translation>
    </message>
    <message>
        <source>converged: a full pass made no update, every y(w·x + b) {rel} {thr}, {updates} updates, {m} of them on mistakes: {weights}</source>
        <translation>已收敛：完整一轮没有更新，每个 y(w·x + b) {rel} {thr}，{updates} 次更新，其中 {m} 次在误分类点上：{weights}</translation>
    </message>
    <message>
        <source>update {k} on {point}: {score} ≤ 0, a mistake → {update}</source>
        <translation>第 {k} 次更新，误分类点 {point}：{score} ≤ 0，误分类 → {update}</translation>
    </message>
    <message>
        <source>update {k} on {point}: {score} ≤ 0, on the line: a mistake → {update}</source>
        <translation>第 {k} 次更新，误分类点 {point}：{score} ≤ 0，在直线上：误分类 → {update}</translation>
    </message>
    <message>
        <source>; fewer mistakes than the pocket: into the pocket</source>
        <translation>；误分类点比口袋中的少：放入口袋</translation>
    </message>
</context>
<context>
    <name>ProofPanel</name>
    <message>
        <source>length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>updates k</source>
        <translation>更新次数 k</translation>
    </message>
    <message>
        <source>no points</source>
        <translation>没有点</translation>
    </message>
    <message>
        <source>computing D and γ…</source>
        <translation>正在计算 D 和 γ…</translation>
    </message>
    <message>
        <source>ηD is beyond the float range: no curves to draw</source>
        <translation>ηD 超出浮点数范围：无法画出曲线</translation>
    </message>
    <message>
        <source>so k ≤ (D/γ)² = {bound}: at most {most} mistakes</source>
        <translation>所以 k ≤ (D/γ)² = {bound}：至多 {most} 次误分类</translation>
    </message>
</context>
<context>
    <name>Readout</name>
    <message>
        <source>k = {k} (not separable: no bound)</source>
        <translation>k = {k}（线性不可分：没有界）</translation>
    </message>
    <message>
        <source>updates {k_part}</source>
        <translation>更新次数 {k_part}</translation>
    </message>
    <message>
        <source>mistakes (y·f ≤ 0): {m}</source>
        <translation>误分类（y·f ≤ 0）：{m}</translation>
    </message>
    <message>
        <source>(bias off)</source>
        <translation>（无偏置）</translation>
    </message>
    <message>
        <source>{answer} {wrong} wrong (current {now})</source>
        <translation>{answer} {wrong} 个误分类（当前 {now} 个）</translation>
    </message>
    <message>
        <source>wrong now: {wrong} of {n}</source>
        <translation>当前误分类：{wrong} / {n}</translation>
    </message>
    <message>
        <source>converged ✓</source>
        <translation>已收敛 ✓</translation>
    </message>
    <message>
        <source>stopped before an overflow (η = {eta} is too large)</source>
        <translation>为避免溢出而停止（η = {eta} 太大）</translation>
    </message>
    <message>
        <source>stopped: {reason}</source>
        <translation>已停止：{reason}</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <source>kernel</source>
        <translation>核函数</translation>
    </message>
    <message>
        <source>degree</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>margin</source>
        <translation>间隔</translation>
    </message>
</context>
<context>
    <name>SpaceView</name>
    <message>
        <source>Export the view…</source>
        <translation>导出视图图片…</translation>
    </message>
    <message>
        <source>Export an animation of the run…</source>
        <translation>导出本次运行的动画…</translation>
    </message>
    <message>
        <source>Reset view</source>
        <translation>重置视角</translation>
    </message>
    <message>
        <source>The start view (Home, or double-click the view)</source>
        <translation>初始视角（Home 键，或双击视图）</translation>
    </message>
    <message>
        <source>Look down z</source>
        <translation>沿 z 轴俯视</translation>
    </message>
    <message>
        <source>Look down b</source>
        <translation>沿 b 轴俯视</translation>
    </message>
    <message>
        <source>Straight down the z axis: the plane z = 1 as the canvas shows it (Z)</source>
        <translation>沿 z 轴垂直向下看：平面 z = 1 与画布显示的一样（Z）</translation>
    </message>
    <message>
        <source>Straight down the b axis: the (w1, w2) plane (Z)</source>
        <translation>沿 b 轴垂直向下看：(w1, w2) 平面（Z）</translation>
    </message>
    <message>
        <source>run 2 has no weight vector ŵ to draw</source>
        <translation>运行 2 没有可画的权重向量 ŵ</translation>
    </message>
    <message>
        <source>run 2 has the bias on: its ŵ = (w1, w2, b) lives in another space</source>
        <translation>运行 2 使用偏置 b：它的 ŵ = (w1, w2, b) 属于另一个空间</translation>
    </message>
    <message>
        <source>run 2 has the bias off: its ŵ = (w1, w2) lives in another space</source>
        <translation>运行 2 不使用偏置 b：它的 ŵ = (w1, w2) 属于另一个空间</translation>
    </message>
    <message>
        <source>{n} points lifted to z = 1. The plane ŵ·x̂ = 0 through the origin, ŵ = {w}; it cuts z = 1 in the canvas&apos;s line.</source>
        <translation>{n} 个点提升到 z = 1。过原点的平面 ŵ·x̂ = 0，ŵ = {w}；它与 z = 1 的交线就是画布上的直线。</translation>
    </message>
    <message>
        <source>The last update: old ŵ {old} + step {step} = new ŵ {new}.</source>
        <translation>上一次更新：旧 ŵ {old} + 步长 {step} = 新 ŵ {new}。</translation>
    </message>
    <message>
        <source>Each point&apos;s constraint y ŵ·x̂ = 0, {n} in all. The path ŵ₀ … ŵ_k of the updates (k = {k}) ends at ŵ = {w}.</source>
        <translation>每个点的约束 y ŵ·x̂ = 0，共 {n} 个。各次更新的路径 ŵ₀ … ŵ_k（k = {k}）终于 ŵ = {w}。</translation>
    </message>
    <message>
        <source> and {n} more</source>
        <translation> 等另外 {n} 个</translation>
    </message>
    <message>
        <source>It breaks {n}: {names}.</source>
        <translation>它违反 {n} 个约束：{names}。</translation>
    </message>
    <message>
        <source>It is inside the feasible cone: no point is wrong.</source>
        <translation>它在可行锥内：没有误分类点。</translation>
    </message>
    <message>
        <source>{mode}: the answer is a sum of kernel values, with no weight vector ŵ to draw</source>
        <translation>{mode}：答案是核函数值之和，没有可画的权重向量 ŵ</translation>
    </message>
    <message>
        <source>points with {d} features: this space has {d1} dimensions (drawn for points in the plane only)</source>
        <translation>点有 {d} 个特征：此空间为 {d1} 维（仅对平面上的点绘制）</translation>
    </message>
    <message>
        <source>no points: every ŵ is feasible</source>
        <translation>没有点：每个 ŵ 都可行</translation>
    </message>
    <message>
        <source>z = 1: the canvas</source>
        <translation>z = 1：画布</translation>
    </message>
    <message>
        <source>old ŵ</source>
        <translation>旧 ŵ</translation>
    </message>
    <message>
        <source>new ŵ</source>
        <translation>新 ŵ</translation>
    </message>
    <message>
        <source>vectors drawn at ×{k} (their sum is kept)</source>
        <translation>向量按 ×{k} 绘制（和的关系不变）</translation>
    </message>
    <message>
        <source>{n} of {total} points&apos; planes drawn</source>
        <translation>画出了 {total} 个点中 {n} 个点的平面</translation>
    </message>
    <message>
        <source>x{i}: y(w·x + b) &gt; 0 on the hatched side{broken}</source>
        <translation>x{i}：在带短线的一侧 y(w·x + b) &gt; 0{broken}</translation>
    </message>
    <message>
        <source> (broken by ŵ now)</source>
        <translation>（当前 ŵ 违反）</translation>
    </message>
</context>
<context>
    <name>Timeline</name>
    <message>
        <source>Every update so far: drag to go back and forth (← / →)</source>
        <translation>迄今的每次更新：拖动可前后移动（← / →）</translation>
    </message>
    <message>
        <source>update {k} of {horizon}</source>
        <translation>第 {k} 次更新，共 {horizon} 次</translation>
    </message>
</context>
</TS>
