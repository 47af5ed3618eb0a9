// (e) a new project's kernel, compiled by the plugin, runs through Device.best(): CUDA where there
// is a GPU, else the PTX simulator running the module the plugin wrote.
def log = new File(basedir, 'build.log').text
assert new File(basedir, 'target/classes/META-INF/jptx/dev/it/Saxpy/sm_75.ptx').isFile()
assert log =~ /jptx: using (CUDA device|the PTX simulator)/ : 'Device.best() did not say which device'
assert log =~ /new-project-run: saxpy on .+: 1000 elements OK/
return true
