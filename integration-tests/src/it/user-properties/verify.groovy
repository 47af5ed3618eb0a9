// Every setting from user properties: comma-separated targets, line info off, a register limit.
def jptx = new File(basedir, 'target/classes/META-INF/jptx')
def dir = new File(jptx, 'dev/it/Saxpy')
// each validated module with its figures (ModuleResources)
assert dir.list().sort() == ['sm_80.ptx', 'sm_80.resources', 'sm_86.ptx', 'sm_86.resources'] : "modules: ${dir.list()}"
for (t in ['sm_80', 'sm_86']) {
  def ptx = new File(dir, "${t}.ptx").text
  assert ptx.contains(".target ${t}")
  assert !ptx.contains('.loc') : "-Djptx.lineInfo=false left .loc in ${t}"
}
def index = new File(jptx, 'kernels.list').readLines()
assert index == ['dev.it.Saxpy saxpy saxpy (IF[F[F)V sm_80,sm_86'] : "kernels.list is ${index}"
def log = new File(basedir, 'build.log').text
assert log =~ /jptx: dev\.it\.Saxpy\.saxpy \[sm_86\]: \d+ registers, 0 B spill stores, 0 B spill loads/
return true
