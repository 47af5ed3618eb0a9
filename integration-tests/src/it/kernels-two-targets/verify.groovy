// (a) kernels build: one module per class and target, the exact index, and ptxas accepts each.
def classes = new File(basedir, 'target/classes')
def jptx = new File(classes, 'META-INF/jptx')
def targets = ['sm_75', 'sm_90']

def modules = []
for (cls in ['dev/it/Saxpy', 'dev/it/Vector']) {
  for (t in targets) {
    def m = new File(jptx, "${cls}/${t}.ptx")
    assert m.isFile() : "missing module ${m}"
    assert m.text.contains(".target ${t}") : "${m} is not for ${t}"
    modules << [file: m, target: t]
  }
}
assert !new File(jptx, 'dev/it/Plain').exists() : 'a class without kernels got a module'
def ptx = new File(jptx, 'dev/it/Vector/sm_90.ptx').text
assert ptx.contains('.entry vadd(') : '@Kernel(name) did not name the entry'
assert ptx.contains('.maxntid 128, 1, 1') : 'maxThreadsPerBlock did not reach the module'
assert new File(jptx, 'dev/it/Saxpy/sm_75.ptx').text.contains('.loc') : 'lineInfo is on by default'

def index = new File(jptx, 'kernels.list').readLines()
assert index == [
    'dev.it.Saxpy saxpy saxpy (IF[F[F)V sm_75,sm_90',
    'dev.it.Vector add vadd (I[I[I[I)V sm_75,sm_90',
    'dev.it.Vector scale scale (ID[D)V sm_75,sm_90',
] : "kernels.list is ${index}"

def log = new File(basedir, 'build.log').text
for (k in ['dev.it.Saxpy.saxpy', 'dev.it.Vector.add', 'dev.it.Vector.scale']) {
  for (t in targets) {
    assert log =~ /\[INFO\] jptx: ${java.util.regex.Pattern.quote(k)} \[${t}\]: \d+ registers, \d+ B spill stores, \d+ B spill loads, \d+ B stack, \d+ ms/ :
        "no kernel line for ${k} [${t}]"
  }
}

def ptxas = System.getenv('PATH').split(File.pathSeparator)
    .collect { new File(it, 'ptxas') }.find { it.canExecute() }
if (ptxas == null) {
  println 'WARNING: ptxas not on PATH: modules not assembled here (the plugin validated them)'
  return true
}
for (m in modules) {
  def out = File.createTempFile('jptx-it', '.cubin')
  def p = [ptxas.path, "-arch=${m.target}", '-o', out.path, m.file.path].execute()
  def text = p.text
  p.waitFor()
  out.delete()
  assert p.exitValue() == 0 : "ptxas -arch=${m.target} rejects ${m.file}:\n${text}"
  println "ptxas -arch=${m.target} accepts ${m.file.name} of ${m.file.parentFile.name}"
}
return true
